import { apiPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

export interface RemindSignerInput {
  signFlowId: string;
  signerId: string;
}

/** Mails a pending signer a reminder with their link now (at most once an hour a signer). */
export function remindSigner({ signFlowId, signerId }: RemindSignerInput): Promise<void> {
  return requestVoid(apiPaths.remindSigner(signFlowId, signerId), {
    method: 'POST',
    notFoundAsNotFound: true,
  });
}

export const remindSignerMutationOptions = () =>
  mutationOptions({
    mutationFn: remindSigner,
    // The signer's row shows the new reminder time, and the timeline the event.
    onSettled: (_answer, _error, _input, _result, { client }) =>
      void client.invalidateQueries({ queryKey: signFlowsQueryKey }),
  });

export function useRemindSigner() {
  return useMutation(remindSignerMutationOptions());
}
