import { apiPaths, GroupUsersWithStamp } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

/** The group's members, its group identifier and the stamp a save must send back. */
export function getGroupUsers(groupId: string): Promise<GroupUsersWithStamp> {
  const query = new URLSearchParams({ groupId });
  return requestJson(`${apiPaths.getGroupUsers}?${query}`, GroupUsersWithStamp);
}

export const groupUsersQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: ['roles', 'groupUsers', groupId],
    queryFn: () => getGroupUsers(groupId),
  });

export function useGroupUsers(groupId: string) {
  return useQuery(groupUsersQueryOptions(groupId));
}
