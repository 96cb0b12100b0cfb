import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

const LoginDetails = z.object({
  demoAccounts: z.array(z.object({ email: z.string(), password: z.string(), admin: z.boolean() })),
});
export type LoginDetails = z.infer<typeof LoginDetails>;

const LoginAnswer = z.object({ location: z.string() });

// The provider scopes its interaction cookie to this path, so the calls live under it.
const interactionPath = (uid: string) => `/idp-login/${encodeURIComponent(uid)}`;

/** What the built-in provider's login form shows for this login (the demo accounts, if any). */
export function getLoginDetails(uid: string): Promise<LoginDetails> {
  return requestJson(`${interactionPath(uid)}/details`, LoginDetails);
}

export const loginDetailsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['built-in-login', uid],
    queryFn: () => getLoginDetails(uid),
    retry: false,
  });

export function useLoginDetails(uid: string) {
  return useQuery(loginDetailsQueryOptions(uid));
}

/** Checks the e-mail address and password; answers where the browser goes next. */
export function submitLogin(uid: string, credentials: { email: string; password: string }) {
  return requestJson(`${interactionPath(uid)}/login`, LoginAnswer, {
    method: 'POST',
    body: credentials,
  });
}

export function useSubmitLogin(uid: string) {
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) => submitLogin(uid, credentials),
    onSuccess: ({ location }) => window.location.assign(location),
  });
}
