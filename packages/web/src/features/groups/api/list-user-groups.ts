import { apiPaths, GroupListItem } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';
import type { QueryConfig } from '../../../lib/query-client.ts';

/**
 * The user groups: every group for an administrator, a sender's own otherwise (one of which
 * may own a flow). The sign-flow editor reads them through these options too, so a change made
 * here refreshes its group choice.
 */
export function listUserGroups(): Promise<GroupListItem[]> {
  return requestJson(apiPaths.listUserGroups, z.array(GroupListItem));
}

export const userGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'userGroups'], queryFn: listUserGroups });

export function useUserGroups(config: QueryConfig<typeof userGroupsQueryOptions> = {}) {
  return useQuery({ ...userGroupsQueryOptions(), ...config });
}
