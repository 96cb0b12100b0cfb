import { CodeSent, signingPaths } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { refreshTaskWhenStale } from './get-signer-task.ts';

/** Sends a new one-time code to the signer's address; an earlier code stops working. */
export function sendCode(token: string): Promise<CodeSent> {
  return requestJson(signingPaths.sendCode(token), CodeSent, { method: 'POST' });
}

export function useSendCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendCode(token),
    onError: (error) => refreshTaskWhenStale(queryClient, token, error),
  });
}
