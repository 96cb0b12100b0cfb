import { signingPaths, type RejectRequest } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { refreshTaskWhenStale, signerTaskQueryOptions } from './get-signer-task.ts';

/** Rejects the document with the signer's reason; this ends the request for everyone. */
export function rejectDocument(token: string, request: RejectRequest): Promise<void> {
  return requestVoid(signingPaths.reject(token), { method: 'POST', body: request });
}

export function useRejectDocument(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RejectRequest) => rejectDocument(token, request),
    onError: (error) => refreshTaskWhenStale(queryClient, token, error),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: signerTaskQueryOptions(token).queryKey }),
  });
}
