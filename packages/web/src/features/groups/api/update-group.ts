import {
  apiPaths,
  groupErrorKeys,
  GroupUsersWithStamp,
  type GroupUpdateRequest,
} from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, requestJson } from '../../../lib/http.ts';
import { groupQueryKeys } from './group-query-keys.ts';

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

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    // The answer is the saved group with its new stamp: the editor starts from it.
    onSuccess: (saved, request) =>
      queryClient.setQueryData(groupQueryKeys.groupUsers(request.GroupId), saved),
  });
}
