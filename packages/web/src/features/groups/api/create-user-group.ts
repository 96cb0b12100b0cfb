import { apiPaths, GroupListItem, type CreateUserGroupQuery } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { groupQueryKeys } from './group-query-keys.ts';

/** Creates an empty group; answers it. */
export function createUserGroup({
  name,
  type = 'CreatedByUser',
}: CreateUserGroupQuery): Promise<GroupListItem> {
  const query = new URLSearchParams({ name, type });
  return requestJson(`${apiPaths.createUserGroup}?${query}`, GroupListItem, { method: 'POST' });
}

export function useCreateUserGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupQueryKeys.groups }),
  });
}
