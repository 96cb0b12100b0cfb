import { SignResponse, signingPaths, type SignRequest } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { safeRedirectTarget } from '../utils/redirect-target.ts';
import { refreshTaskWhenStale, signerTaskQueryOptions } from './get-signer-task.ts';

/** Signs the document, or (Qualified) answers where the browser goes to authorise the signature. */
export function signDocument(token: string, request: SignRequest): Promise<SignResponse> {
  return requestJson(signingPaths.sign(token), SignResponse, { method: 'POST', body: request });
}

export function useSignDocument(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SignRequest) => signDocument(token, request),
    onError: (error) => refreshTaskWhenStale(queryClient, token, error),
    onSuccess: async (answer) => {
      const target =
        answer.RedirectUrl === null
          ? null
          : safeRedirectTarget(answer.RedirectUrl, window.location.origin);
      if (target !== null) {
        window.location.assign(target);
        return;
      }
      if (answer.Task !== null)
        queryClient.setQueryData(signerTaskQueryOptions(token).queryKey, answer.Task);
      else
        await queryClient.invalidateQueries({ queryKey: signerTaskQueryOptions(token).queryKey });
    },
  });
}
