import { apiPaths, LogoutResult } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from './http.ts';
import { safeLinkUrl } from './safe-url.ts';

/**
 * Ends the session with a POST that carries the XSRF header, so that no other site can log
 * the user out; answers where the browser goes next.
 */
export function logOut(): Promise<LogoutResult> {
  return requestJson(apiPaths.externalLogout, LogoutResult, { method: 'POST' });
}

/** Where the answer may send the browser: a path of this site, or the provider's http(s) logout. */
export function logoutDestination(location: string): string {
  if (/^\/(?![/\\])/.test(location)) return location;
  const external = safeLinkUrl(location);
  return external !== undefined && /^https?:/i.test(external) ? external : '/logout';
}

/** Logs out and leaves the app for the provider's logout (or the logged-out notice). */
export function useLogout(options: { onError?: () => void } = {}) {
  return useMutation({
    mutationFn: logOut,
    onSuccess: ({ Location }) => window.location.assign(logoutDestination(Location)),
    onError: options.onError,
  });
}
