import { useMutation } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { templateUrl } from './get-template.ts';
import { templatesQueryKey } from './templates-query-key.ts';

/** Deletes a template; flows made of it keep their own files. */
export function deleteTemplate(id: string): Promise<void> {
  return requestVoid(templateUrl(id), { method: 'DELETE' });
}

export const deleteTemplateMutationOptions = () =>
  mutationOptions({
    mutationFn: deleteTemplate,
    onSuccess: (_nothing, _id, _result, { client }) =>
      client.invalidateQueries({ queryKey: templatesQueryKey }),
  });

export function useDeleteTemplate() {
  return useMutation(deleteTemplateMutationOptions());
}
