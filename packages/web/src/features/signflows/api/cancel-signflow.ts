import { apiPaths, SignFlow } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

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

export function useCancelSignFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSignFlow,
    // The list and any open detail show the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['signflows'] }),
  });
}
