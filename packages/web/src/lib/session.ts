import { apiPaths, Session } from '@esign/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { ApiError, requestJson } from './http.ts';

/** The signed-in user's session, or null when there is none (any failure counts as none). */
export async function getSession(send?: typeof fetch): Promise<Session | null> {
  try {
    const session = await requestJson(apiPaths.currentUser, Session, { fetch: send });
    return session.IsAuthenticated ? session : null;
  } catch (error) {
    // 401 and 403 are the ordinary "not signed in" answers; anything else is worth a warning.
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403)))
      console.warn('Session not loaded; continuing without one', error);
    return null;
  }
}

export const sessionQueryOptions = (send?: typeof fetch) =>
  queryOptions({
    queryKey: ['session'],
    queryFn: () => getSession(send),
    // Login and logout leave the app for the external address, so the session only changes on reload.
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useSession(): Session | null {
  return useSuspenseQuery(sessionQueryOptions()).data;
}
