import { apiPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

/** Deletes a draft or an ended flow with its files. */
export function deleteSignFlow(guid: string): Promise<void> {
  return requestVoid(apiPaths.signFlow(guid), { method: 'DELETE' });
}

export const deleteSignFlowMutationOptions = () =>
  mutationOptions({
    mutationFn: deleteSignFlow,
    // The list and any open detail show the change.
    onSuccess: (_answer, _guid, _result, { client }) =>
      client.invalidateQueries({ queryKey: signFlowsQueryKey }),
  });

export function useDeleteSignFlow() {
  return useMutation(deleteSignFlowMutationOptions());
}
