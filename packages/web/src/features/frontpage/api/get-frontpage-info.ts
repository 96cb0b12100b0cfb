import { apiPaths } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

/**
 * The front-page intro text as Markdown; '' when no administrator has written one. Read as any
 * string: a text stored before today's rules still shows (the editor checks what it saves).
 * The settings screen's editor reads and refreshes it through these options.
 */
export function getFrontpageInfo(): Promise<string> {
  return requestJson(apiPaths.frontpageInfo, z.string());
}

export const frontpageInfoQueryOptions = () =>
  queryOptions({ queryKey: ['config', 'info'], queryFn: getFrontpageInfo });

export function useFrontpageInfo() {
  return useQuery(frontpageInfoQueryOptions());
}
