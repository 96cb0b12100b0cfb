import { apiPaths, SignFlowDetailResponse } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

/** Sends a complete draft for signing; a 400 carries the problems of findSendProblems. */
export function sendSignFlow(guid: string): Promise<SignFlowDetailResponse> {
  return requestJson(apiPaths.sendSignFlow(guid), SignFlowDetailResponse, {
    method: 'POST',
    notFoundAsNotFound: true,
  });
}

export function useSendSignFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSignFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['signflows'] }),
  });
}
