import { apiPaths, SignFlow } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

export interface CancelSignFlowInput {
  signFlowId: string;
  comment: string;
}

/** Cancels a sent flow for good; signatures already made become invalid. */
export function cancelSignFlow({ signFlowId, comment }: CancelSignFlowInput): Promise<SignFlow> {
  return requestJson(apiPaths.cancelSignFlow(signFlowId), SignFlow, {
    method: 'POST',
    body: { Comment: comment },
    notFoundAsNotFound: true,
  });
}

export const cancelSignFlowMutationOptions = () =>
  mutationOptions({
    mutationFn: cancelSignFlow,
    // The list and any open detail show the change.
    onSuccess: (_flow, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: signFlowsQueryKey }),
  });

export function useCancelSignFlow() {
  return useMutation(cancelSignFlowMutationOptions());
}
