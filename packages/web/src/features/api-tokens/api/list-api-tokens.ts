import { ApiTokenListItem, apiTokenPaths } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

export type ApiTokenView = 'own' | 'organisation';

/** The caller's live tokens, or (administrators) every live token of the organisation. */
export function listApiTokens(view: ApiTokenView): Promise<ApiTokenListItem[]> {
  const url =
    view === 'organisation' ? `${apiTokenPaths.apiTokens}?all=true` : apiTokenPaths.apiTokens;
  return requestJson(url, z.array(ApiTokenListItem));
}

export const getApiTokensQueryOptions = (view: ApiTokenView) =>
  queryOptions({ queryKey: ['api-tokens', view], queryFn: () => listApiTokens(view) });

export function useApiTokens(view: ApiTokenView, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getApiTokensQueryOptions(view), enabled: options.enabled ?? true });
}
