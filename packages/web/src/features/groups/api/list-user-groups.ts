import { apiPaths, GroupListItem } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';
import { groupQueryKeys } from './group-query-keys.ts';

/** Every user group (the caller is an administrator). */
export function listUserGroups(): Promise<GroupListItem[]> {
  return requestJson(apiPaths.listUserGroups, z.array(GroupListItem));
}

export const userGroupsQueryOptions = () =>
  queryOptions({ queryKey: groupQueryKeys.groups, queryFn: listUserGroups });

export function useUserGroups() {
  return useQuery(userGroupsQueryOptions());
}
