import { SignerTask, signingPaths } from '@esign/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { showsStaleTask, signingMessageOf } from '../utils/signing-error.ts';

/** The signer's task behind the personal link; an unknown link answers 404. */
export function getSignerTask(token: string): Promise<SignerTask> {
  return requestJson(signingPaths.task(token), SignerTask, { notFoundAsNotFound: true });
}

const preparingPollMs = 2000;

export const signerTaskQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['signing', 'task', token],
    queryFn: () => getSignerTask(token),
    // A signer waiting for their turn who comes back to the tab sees whether it has come.
    refetchOnWindowFocus: true,
    // Everyone has signed and the portal is finishing the document (seconds): ask until it is.
    refetchInterval: (query) =>
      query.state.data?.SignedCopy?.State === 'Preparing' ? preparingPollMs : false,
    // The page's loader has just fetched it: the page does not fetch it again as it shows.
    staleTime: 5_000,
  });

export function useSignerTask(token: string) {
  return useQuery(signerTaskQueryOptions(token));
}

/** After a refusal that means the task moved on (flow ended, already signed), shows where it stands now. */
export function refreshTaskWhenStale(queryClient: QueryClient, token: string, error: unknown) {
  if (showsStaleTask(signingMessageOf(error)))
    void queryClient.invalidateQueries({ queryKey: signerTaskQueryOptions(token).queryKey });
}
