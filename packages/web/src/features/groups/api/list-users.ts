import { apiPaths, UserListItem } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';
import { groupQueryKeys } from './group-query-keys.ts';

/** The portal's users, to add to a group. */
export function listUsers(): Promise<UserListItem[]> {
  return requestJson(apiPaths.listUsers, z.array(UserListItem));
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: groupQueryKeys.users, queryFn: listUsers, staleTime: 60_000 });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
