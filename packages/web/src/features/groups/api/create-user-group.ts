import { apiPaths, GroupListItem, type CreateUserGroupQuery } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { userGroupsQueryOptions } from './list-user-groups.ts';

/** Creates an empty group; answers it. */
export function createUserGroup({
  name,
  type = 'CreatedByUser',
}: CreateUserGroupQuery): Promise<GroupListItem> {
  const query = new URLSearchParams({ name, type });
  return requestJson(`${apiPaths.createUserGroup}?${query}`, GroupListItem, { method: 'POST' });
}

export const createUserGroupMutationOptions = () =>
  mutationOptions({
    mutationFn: createUserGroup,
    // The group lists here and in the sign-flow editor show it.
    onSuccess: (_group, _query, _result, { client }) =>
      client.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
  });

export function useCreateUserGroup() {
  return useMutation(createUserGroupMutationOptions());
}
