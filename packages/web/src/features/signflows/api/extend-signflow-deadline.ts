import { apiPaths, SignFlowDetailResponse } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowQueryOptions } from './get-signflow.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

export interface ExtendDeadlineInput {
  signFlowId: string;
  /** The new last day to sign, YYYY-MM-DD. */
  expiryDate: string;
}

/** Moves a sent flow's deadline later; the signers still to sign are mailed the new date. */
export function extendSignFlowDeadline({
  signFlowId,
  expiryDate,
}: ExtendDeadlineInput): Promise<SignFlowDetailResponse> {
  return requestJson(apiPaths.signFlowExpiryDate(signFlowId), SignFlowDetailResponse, {
    method: 'POST',
    body: { ExpiryDate: expiryDate },
    notFoundAsNotFound: true,
  });
}

export const extendSignFlowDeadlineMutationOptions = () =>
  mutationOptions({
    mutationFn: extendSignFlowDeadline,
    onSuccess: (flow, _input, _result, { client }) => {
      client.setQueryData(signFlowQueryOptions(flow.Guid).queryKey, flow);
      // The list, the flow and its events all show the new date.
      return client.invalidateQueries({ queryKey: signFlowsQueryKey });
    },
  });

export function useExtendSignFlowDeadline() {
  return useMutation(extendSignFlowDeadlineMutationOptions());
}
