import { apiPaths, GroupListItem } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

/** The caller's user groups, one of which may own a flow. */
export function listUserGroups(): Promise<GroupListItem[]> {
  return requestJson(apiPaths.listUserGroups, z.array(GroupListItem));
}

export const userGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'userGroups'], queryFn: listUserGroups, staleTime: 60_000 });

export function useUserGroups() {
  return useQuery(userGroupsQueryOptions());
}
