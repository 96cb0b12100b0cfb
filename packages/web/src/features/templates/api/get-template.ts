import { Template, templatePaths } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { templatesQueryKey } from './templates-query-key.ts';

export const templateUrl = (id: string) => `${templatePaths.templates}/${encodeURIComponent(id)}`;

/** A template with its roles and files. */
export function getTemplate(id: string): Promise<Template> {
  return requestJson(templateUrl(id), Template);
}

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...templatesQueryKey, 'detail', id],
    queryFn: () => getTemplate(id),
  });

export function useTemplate(id: string | undefined) {
  return useQuery({ ...templateQueryOptions(id ?? ''), enabled: id !== undefined });
}
