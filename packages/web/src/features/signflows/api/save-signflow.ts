import { apiPaths, SignFlow, type SignFlowSaveRequest } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

/** Creates a draft (no Guid), or updates the draft named by Guid; answers the saved flow. */
export function saveSignFlow(request: SignFlowSaveRequest): Promise<SignFlow> {
  return requestJson(apiPaths.signFlows, SignFlow, { method: 'POST', body: request });
}

export const saveSignFlowMutationOptions = () =>
  mutationOptions({
    mutationFn: saveSignFlow,
    // The list and any open detail show the change.
    onSuccess: (_flow, _request, _result, { client }) =>
      client.invalidateQueries({ queryKey: signFlowsQueryKey }),
  });

export function useSaveSignFlow() {
  return useMutation(saveSignFlowMutationOptions());
}
