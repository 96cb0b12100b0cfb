import { apiPaths } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';

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

export function useRemindSigner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindSigner,
    // The signer's row shows the new reminder time, and the timeline the event.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['signflows'] }),
  });
}
