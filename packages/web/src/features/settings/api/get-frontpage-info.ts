import { apiPaths, FrontpageInfoText } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

/**
 * The front page caches the same text under the same key, so a save here shows there at once.
 */
export const frontpageInfoQueryKey = ['config', 'info'] as const;

/** The stored front-page text (Markdown); '' when none has been written. */
export function getFrontpageInfo(): Promise<string> {
  return requestJson(apiPaths.frontpageInfo, FrontpageInfoText);
}

export const frontpageInfoQueryOptions = () =>
  queryOptions({ queryKey: frontpageInfoQueryKey, queryFn: getFrontpageInfo });

export function useFrontpageInfo() {
  return useQuery(frontpageInfoQueryOptions());
}
