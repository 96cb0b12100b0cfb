import { apiPaths, SignFlowDetailResponse } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

/** One flow with its files; a flow the caller may not see answers 'Not Found'. */
export function getSignFlow(guid: string): Promise<SignFlowDetailResponse> {
  return requestJson(apiPaths.signFlow(guid), SignFlowDetailResponse, {
    notFoundAsNotFound: true,
  });
}

export const signFlowQueryOptions = (guid: string) =>
  queryOptions({
    queryKey: [...signFlowsQueryKey, 'detail', guid],
    queryFn: () => getSignFlow(guid),
  });

/**
 * The flow named by guid; nothing is loaded when guid is undefined (a new draft). The screen's
 * loader has asked for it just before the screen mounts: a flow read in the last seconds is not
 * read again on mount (a second request and a second render of the whole form for nothing).
 * Saving, sending and the flow page's actions invalidate it, which reads it again at once.
 */
export function useSignFlow(guid: string | undefined) {
  return useQuery({
    ...signFlowQueryOptions(guid ?? ''),
    enabled: guid !== undefined,
    staleTime: 5_000,
  });
}
