import { TemplatePage, templatePaths, type TemplateListQuery } from '@esign/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { templatesQueryKey } from './templates-query-key.ts';

/** One page of the templates the caller may use, searched and sorted by the server. */
export function getTemplateList(query: TemplateListQuery): Promise<TemplatePage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return requestJson(`${templatePaths.templates}?${params.toString()}`, TemplatePage);
}

export const templateListQueryOptions = (query: TemplateListQuery) =>
  queryOptions({
    queryKey: [...templatesQueryKey, 'list', query],
    queryFn: () => getTemplateList(query),
    placeholderData: keepPreviousData,
  });

export function useTemplateList(query: TemplateListQuery) {
  return useQuery(templateListQueryOptions(query));
}
