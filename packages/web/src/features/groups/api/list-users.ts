import { apiPaths, UserListItem } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

/** The portal's users, to add to a group or as a flow's signers (the sign-flow editor). */
export function listUsers(): Promise<UserListItem[]> {
  return requestJson(apiPaths.listUsers, z.array(UserListItem));
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'users'], queryFn: listUsers, staleTime: 60_000 });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
