import { signingPaths } from '@esign/contract';
import type { FastifyReply } from 'fastify';
import { signerCookieName, signerSessionMinutes } from './signer-session.ts';
import type { SignerContext } from './signer-task.service.ts';
import type { SigningDeps } from './signing-deps.ts';

// What the signer's routes share: how a signer appears in the audit trail, and their cookie.

/** The signer as the audit trail names them. */
export const signerActor = (context: SignerContext) =>
  `${context.signer.name} <${context.signer.email}>`;

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
