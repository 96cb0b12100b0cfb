import { apiPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

export interface UnlockSignerInput {
  signFlowId: string;
  signerId: string;
}

/** Opens a signer's link locked after too many e-mail codes; the signer is mailed it again. */
export function unlockSigner({ signFlowId, signerId }: UnlockSignerInput): Promise<void> {
  return requestVoid(apiPaths.unlockSigner(signFlowId, signerId), {
    method: 'POST',
    notFoundAsNotFound: true,
  });
}

export const unlockSignerMutationOptions = () =>
  mutationOptions({
    mutationFn: unlockSigner,
    // Whether it worked or someone else was first, the page shows the signer as they are now.
    // Not awaited: the notice that called it goes away with the refetch, and its own success
    // callback (the toast) must run first.
    onSettled: (_answer, _error, _input, _result, { client }) =>
      void client.invalidateQueries({ queryKey: signFlowsQueryKey }),
  });

export function useUnlockSigner() {
  return useMutation(unlockSignerMutationOptions());
}
