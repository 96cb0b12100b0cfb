import { SignFlowDetailResponse, type TemplateUseRequest } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { signFlowsQueryKey } from '../../signflows/api/signflows-query-key.ts';
import { templateUrl } from './get-template.ts';

/** A new flow of the template (files copied); without Send a draft whose empty roles are to fill. */
export function createFlowFromTemplate({
  id,
  request,
}: {
  id: string;
  request: TemplateUseRequest;
}): Promise<SignFlowDetailResponse> {
  return requestJson(`${templateUrl(id)}/signflows`, SignFlowDetailResponse, {
    method: 'POST',
    body: request,
  });
}

export const createFlowFromTemplateMutationOptions = () =>
  mutationOptions({
    mutationFn: createFlowFromTemplate,
    onSuccess: (_flow, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: signFlowsQueryKey }),
  });

export function useCreateFlowFromTemplate() {
  return useMutation(createFlowFromTemplateMutationOptions());
}
