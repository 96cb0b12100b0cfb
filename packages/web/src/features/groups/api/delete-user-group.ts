import { apiPaths } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { groupQueryKeys } from './group-query-keys.ts';

/** Deletes a group; its flows stay with their owners and leave the group. */
export function deleteUserGroup(groupId: string): Promise<void> {
  const query = new URLSearchParams({ groupId });
  return requestVoid(`${apiPaths.deleteUserGroup}?${query}`, { method: 'DELETE' });
}

export function useDeleteUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserGroup,
    onSuccess: async (_answer, groupId) => {
      queryClient.removeQueries({ queryKey: groupQueryKeys.groupUsers(groupId) });
      // The flows that belonged to the group show no group any more.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupQueryKeys.groups }),
        queryClient.invalidateQueries({ queryKey: ['signflows'] }),
      ]);
    },
  });
}
