import { signingPaths, type VerifyCodeRequest } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { refreshTaskWhenStale, signerTaskQueryOptions } from './get-signer-task.ts';

/** Checks the code; on success the server remembers the signer as identified for this link. */
export function verifyCode(token: string, request: VerifyCodeRequest): Promise<void> {
  return requestVoid(signingPaths.verifyCode(token), { method: 'POST', body: request });
}

export function useVerifyCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VerifyCodeRequest) => verifyCode(token, request),
    // The task now carries the document and attachments.
    onError: (error) => refreshTaskWhenStale(queryClient, token, error),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: signerTaskQueryOptions(token).queryKey }),
  });
}
