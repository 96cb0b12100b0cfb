import {
  apiPaths,
  groupErrorKeys,
  GroupUsersWithStamp,
  type GroupUpdateRequest,
} from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { groupUsersQueryOptions } from './get-group-users.ts';

/** Replaces the members and the identifier if nobody saved the group since it was read. */
export function updateGroup(request: GroupUpdateRequest): Promise<GroupUsersWithStamp> {
  return requestJson(apiPaths.updateGroup, GroupUsersWithStamp, { method: 'POST', body: request });
}

/** True when the save lost to another administrator's (a stale ConcurrencyStamp). */
export function isGroupConflict(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 409 && error.body?.key === groupErrorKeys.conflict
  );
}

export const updateGroupMutationOptions = () =>
  mutationOptions({
    mutationFn: updateGroup,
    // The answer is the saved group with its new stamp: the editor starts from it.
    onSuccess: (saved, request, _result, { client }) =>
      client.setQueryData(groupUsersQueryOptions(request.GroupId).queryKey, saved),
  });

export function useUpdateGroup() {
  return useMutation(updateGroupMutationOptions());
}
