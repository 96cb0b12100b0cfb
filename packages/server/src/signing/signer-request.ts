import { signingPaths } from '@esign/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestContextOf } from '../http/request-context.ts';
import { signerCookieName, signerSessionMinutes } from './signer-session.ts';
import type { SigningDeps } from './signing-deps.ts';

// What the signer's routes share: their link and cookie, and where their requests come from.

/** The signer's link token (a route parameter) and the session cookie their browser sent. */
export const signerLinkOf = (request: FastifyRequest) => ({
  token: (request.params as { token: string }).token,
  cookie: request.cookies[signerCookieName],
});

/** The request's context for the audit trail; the service names the signer as its actor. */
export const signerRequestOf = (request: FastifyRequest) => requestContextOf(request, 'signer');

/** Sets the signer's session cookie, scoped to their own link's API path. */
export function setSignerCookie(
  deps: Pick<SigningDeps, 'config'>,
  reply: FastifyReply,
  token: string,
  value: string,
) {
  reply.setCookie(signerCookieName, value, {
    path: signingPaths.task(token),
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.protocol === 'https:',
    maxAge: signerSessionMinutes * 60,
  });
}
