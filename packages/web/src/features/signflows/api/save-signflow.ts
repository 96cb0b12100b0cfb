import { apiPaths, SignFlow, type SignFlowSaveRequest } from '@esign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

/** Creates a draft (no Guid), or updates the draft named by Guid; answers the saved flow. */
export function saveSignFlow(request: SignFlowSaveRequest): Promise<SignFlow> {
  return requestJson(apiPaths.signFlows, SignFlow, { method: 'POST', body: request });
}

export function useSaveSignFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignFlow,
    // The list and any open detail show the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['signflows'] }),
  });
}
