import { bulkPaths, BulkTemplateInfo } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

/** The template's roles a bulk CSV fills, for the page's heading and the CSV template. */
export function getBulkTemplate(templateId: string): Promise<BulkTemplateInfo> {
  return requestJson(bulkPaths.templateBulk(templateId), BulkTemplateInfo);
}

export const bulkTemplateQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: ['bulk-send', 'template', templateId],
    queryFn: () => getBulkTemplate(templateId),
  });

export function useBulkTemplate(templateId: string) {
  return useQuery(bulkTemplateQueryOptions(templateId));
}
