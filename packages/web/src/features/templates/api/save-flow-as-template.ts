import { Template, type SaveAsTemplateRequest } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { templatesQueryKey } from './templates-query-key.ts';

/** Keeps a flow (draft or sent) as a private template of the caller's, files copied. */
export function saveFlowAsTemplate({
  flowId,
  request,
}: {
  flowId: string;
  request: SaveAsTemplateRequest;
}): Promise<Template> {
  return requestJson(`/api/esign/SignFlows/${encodeURIComponent(flowId)}/template`, Template, {
    method: 'POST',
    body: request,
  });
}

export const saveFlowAsTemplateMutationOptions = () =>
  mutationOptions({
    mutationFn: saveFlowAsTemplate,
    onSuccess: (_template, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: templatesQueryKey }),
  });

export function useSaveFlowAsTemplate() {
  return useMutation(saveFlowAsTemplateMutationOptions());
}
