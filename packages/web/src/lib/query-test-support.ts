import {
  MutationObserver,
  type MutationObserverOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { vi } from 'vitest';

// For the tests of the API calls: the real calls and query client, with the server's answer.

/** Runs a call's mutation in the client as useMutation would, outside React. */
export function runMutation<TData, TVariables>(
  client: QueryClient,
  options: MutationObserverOptions<TData, Error, TVariables>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver(client, options).mutate(variables);
}

/** From now on the server answers every call with this status and JSON body (none for 204). */
export function serverAnswers(status: number, body?: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      status === 204 ? new Response(null, { status }) : Response.json(body, { status }),
    ),
  );
}

/** Whether the query under this key has been marked for a refetch. */
export function isInvalidated(client: QueryClient, queryKey: readonly unknown[]): boolean {
  return client.getQueryState(queryKey)?.isInvalidated === true;
}
