import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { cookieNameOf } from '../http/cookie-names.ts';

/**
 * A browser that signed in to an account before carries a cookie saying so (OWASP's
 * "device cookie"): its attempts on that account are throttled on their own, so someone
 * guessing the account's password elsewhere cannot keep its owner out. The cookie is bound
 * to the account by an HMAC and holds no address.
 */
const baseName = 'esign_browser';
const lifetimeSeconds = 180 * 24 * 3600;

const macOf = (secret: string, email: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(`known-browser|${email.trim().toLowerCase()}|${nonce}`)
    .digest('base64url');

/** The browser's id when its cookie was given at a login to this e-mail address, else null. */
export function knownBrowserOf(
  config: AppConfig,
  request: FastifyRequest,
  email: string,
): string | null {
  const value = request.cookies[cookieNameOf(config.publicUrl, baseName)];
  const [nonce, mac, extra] = (value ?? '').split('.');
  if (!nonce || !mac || extra !== undefined) return null;
  const expected = Buffer.from(macOf(config.sessionSecret, email, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

/** Marks the browser as one that signed in to this account (a fresh id each time). */
export function rememberBrowser(config: AppConfig, reply: FastifyReply, email: string): void {
  const nonce = randomBytes(18).toString('base64url');
  reply.setCookie(
    cookieNameOf(config.publicUrl, baseName),
    `${nonce}.${macOf(config.sessionSecret, email, nonce)}`,
    {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.protocol === 'https:',
      maxAge: lifetimeSeconds,
    },
  );
}
