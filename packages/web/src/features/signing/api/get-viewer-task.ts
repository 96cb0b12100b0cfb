import { recipientPaths, ViewerTask } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

/** A viewer's page behind their link; an unknown link answers 404. */
export function getViewerTask(token: string): Promise<ViewerTask> {
  return requestJson(recipientPaths.viewerTask(token), ViewerTask, { notFoundAsNotFound: true });
}

export const viewerTaskQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['signing', 'viewer', token],
    queryFn: () => getViewerTask(token),
    // A viewer who comes back to the tab sees whether the flow has ended meanwhile.
    refetchOnWindowFocus: true,
  });

export function useViewerTask(token: string) {
  return useQuery(viewerTaskQueryOptions(token));
}
