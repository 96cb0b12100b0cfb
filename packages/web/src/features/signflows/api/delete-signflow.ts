import { apiPaths } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';

/** Deletes a draft or an ended flow with its files. */
export function deleteSignFlow(guid: string): Promise<void> {
  return requestVoid(apiPaths.signFlow(guid), { method: 'DELETE' });
}

export function useDeleteSignFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSignFlow,
    // The list and any open detail show the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['signflows'] }),
  });
}
