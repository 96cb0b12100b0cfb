import { Template } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { templateUrl } from './get-template.ts';
import { templatesQueryKey } from './templates-query-key.ts';

/** Copies a template as the caller's own private one, files and all. */
export function duplicateTemplate({ id, name }: { id: string; name: string }): Promise<Template> {
  return requestJson(`${templateUrl(id)}/duplicate`, Template, {
    method: 'POST',
    body: { Name: name },
  });
}

export const duplicateTemplateMutationOptions = () =>
  mutationOptions({
    mutationFn: duplicateTemplate,
    onSuccess: (_template, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: templatesQueryKey }),
  });

export function useDuplicateTemplate() {
  return useMutation(duplicateTemplateMutationOptions());
}
