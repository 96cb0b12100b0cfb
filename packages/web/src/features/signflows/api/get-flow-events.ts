import { FlowEventsResponse, signingPaths, type SignFlowDetailResponse } from '@esign/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { requestJson } from '../../../lib/http.ts';
import { signFlowQueryOptions } from './get-signflow.ts';
import { signFlowsQueryKey } from './signflows-query-key.ts';

const pollIntervalMs = 10_000;
/** How long after a status check a failed flow is watched for the retried completion. */
const retryWatchMs = 2 * 60_000;

/** The flow's audit trail, oldest first, and whether its hash chain is whole. */
export function getFlowEvents(flowId: string): Promise<FlowEventsResponse> {
  return requestJson(signingPaths.flowEvents(flowId), FlowEventsResponse, {
    notFoundAsNotFound: true,
  });
}

export const flowEventsQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: [...signFlowsQueryKey, 'events', flowId],
    queryFn: () => getFlowEvents(flowId),
  });

/** Out for signing, or failed and checked (so retried) a moment ago: more events may come. */
function isLive(flow: SignFlowDetailResponse): boolean {
  if (flow.Status === 'Sent') return true;
  if (flow.Status !== 'Error' || flow.LastStatusQueryTimeUtc === null) return false;
  return Date.now() - new Date(flow.LastStatusQueryTimeUtc).getTime() < retryWatchMs;
}

/**
 * The flow's events, polled every 10 s while the flow is live; a new event reloads the flow
 * too, so that signer statuses and the flow's own status follow.
 */
export function useFlowEvents(flow: SignFlowDetailResponse) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...flowEventsQueryOptions(flow.Guid),
    refetchInterval: () => (isLive(flow) ? pollIntervalMs : false),
  });
  const count = query.data?.Events.length;
  const seenCount = useRef(count);
  useEffect(() => {
    const previous = seenCount.current;
    seenCount.current = count;
    if (previous === undefined || count === undefined || count <= previous) return;
    if (flow.Status === 'Sent' || flow.Status === 'Error') {
      void queryClient.invalidateQueries({
        queryKey: signFlowQueryOptions(flow.Guid).queryKey,
        exact: true,
      });
    }
  }, [count, flow.Guid, flow.Status, queryClient]);
  return query;
}
