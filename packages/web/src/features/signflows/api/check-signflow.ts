import { apiPaths, SignFlowDetailResponse } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowQueryOptions } from './get-signflow.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

/**
 * Re-reads a sent or failed flow's state; a failed completion whose signers all signed is
 * queued again. A GET that changes state: it carries the X-XSRF-TOKEN header.
 */
export function checkSignFlow(signFlowId: string): Promise<SignFlowDetailResponse> {
  return requestJson(apiPaths.checkSignFlow(signFlowId), SignFlowDetailResponse, {
    notFoundAsNotFound: true,
    changesState: true,
  });
}

export const checkSignFlowMutationOptions = () =>
  mutationOptions({
    mutationFn: checkSignFlow,
    onSuccess: (flow, _signFlowId, _result, { client }) => {
      client.setQueryData(signFlowQueryOptions(flow.Guid).queryKey, flow);
      // The list, the flow and its events all show what the check found.
      return client.invalidateQueries({ queryKey: signFlowsQueryKey });
    },
  });

export function useCheckSignFlow() {
  return useMutation(checkSignFlowMutationOptions());
}
