import { Template, templatePaths, type TemplateSaveRequest } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { templateUrl } from './get-template.ts';
import { templatesQueryKey } from './templates-query-key.ts';

export interface SaveTemplateInput {
  /** The template to replace; none creates one. */
  id?: string;
  request: TemplateSaveRequest;
}

/** Creates a template (POST), or replaces one's settings and roles (PUT); answers it. */
export function saveTemplate({ id, request }: SaveTemplateInput): Promise<Template> {
  return id === undefined
    ? requestJson(templatePaths.templates, Template, { method: 'POST', body: request })
    : requestJson(templateUrl(id), Template, { method: 'PUT', body: request });
}

export const saveTemplateMutationOptions = () =>
  mutationOptions({
    mutationFn: saveTemplate,
    onSuccess: (_template, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: templatesQueryKey }),
  });

export function useSaveTemplate() {
  return useMutation(saveTemplateMutationOptions());
}
