import { apiPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from '../../signflows/api/signflows-query-key.ts';
import { groupUsersQueryOptions } from './get-group-users.ts';
import { userGroupsQueryOptions } from './list-user-groups.ts';

/** Deletes a group; its flows stay with their owners and leave the group. */
export function deleteUserGroup(groupId: string): Promise<void> {
  const query = new URLSearchParams({ groupId });
  return requestVoid(`${apiPaths.deleteUserGroup}?${query}`, { method: 'DELETE' });
}

export const deleteUserGroupMutationOptions = () =>
  mutationOptions({
    mutationFn: deleteUserGroup,
    onSuccess: async (_answer, groupId, _result, { client }) => {
      client.removeQueries({ queryKey: groupUsersQueryOptions(groupId).queryKey });
      // The flows that belonged to the group show no group any more.
      await Promise.all([
        client.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: signFlowsQueryKey }),
      ]);
    },
  });

export function useDeleteUserGroup() {
  return useMutation(deleteUserGroupMutationOptions());
}
