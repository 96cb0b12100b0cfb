import { apiPaths, SignFlowDetailResponse } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

/** Sends a complete draft for signing; a 400 carries the problems of findSendProblems. */
export function sendSignFlow(guid: string): Promise<SignFlowDetailResponse> {
  return requestJson(apiPaths.sendSignFlow(guid), SignFlowDetailResponse, {
    method: 'POST',
    notFoundAsNotFound: true,
  });
}

export const sendSignFlowMutationOptions = () =>
  mutationOptions({
    mutationFn: sendSignFlow,
    // The list and the flow's page show it sent.
    onSuccess: (_flow, _guid, _result, { client }) =>
      client.invalidateQueries({ queryKey: signFlowsQueryKey }),
  });

export function useSendSignFlow() {
  return useMutation(sendSignFlowMutationOptions());
}
