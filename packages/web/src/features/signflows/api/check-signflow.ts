import { apiPaths, SignFlowDetailResponse } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { signFlowDetailKey } from './get-signflow.ts';

/**
 * Re-reads a sent or failed flow's state; a failed completion whose signers all signed is
 * queued again. Like every call to our own host it carries the X-XSRF-TOKEN header.
 */
export function checkSignFlow(signFlowId: string): Promise<SignFlowDetailResponse> {
  return requestJson(apiPaths.checkSignFlow(signFlowId), SignFlowDetailResponse, {
    notFoundAsNotFound: true,
  });
}

export function useCheckSignFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkSignFlow,
    onSuccess: (flow) => {
      queryClient.setQueryData(signFlowDetailKey(flow.Guid), flow);
      // The list, the flow and its events all show what the check found.
      return queryClient.invalidateQueries({ queryKey: ['signflows'] });
    },
  });
}
