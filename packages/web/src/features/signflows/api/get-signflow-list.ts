import { apiPaths, SignFlowPage, type SignFlowListQuery } from '@esign/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

/** One page of the caller's flows, searched, filtered and sorted by the server. */
export function getSignFlowList(query: SignFlowListQuery): Promise<SignFlowPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return requestJson(`${apiPaths.signFlows}?${params.toString()}`, SignFlowPage);
}

export const signFlowListQueryOptions = (query: SignFlowListQuery) =>
  queryOptions({
    queryKey: [...signFlowsQueryKey, 'list', query],
    queryFn: () => getSignFlowList(query),
    // The rows of the previous page stay while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    // The first page was asked for with the list's code (app/routes/home-route.tsx): not again
    // as the list shows. Any change to a flow refreshes the list at once all the same.
    staleTime: 5_000,
  });

export function useSignFlowList(query: SignFlowListQuery) {
  return useQuery(signFlowListQueryOptions(query));
}
