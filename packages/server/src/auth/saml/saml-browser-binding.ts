import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import { cookieNameOf } from '../../http/cookie-names.ts';
import type { LoginMethod } from '../login-method.ts';
import type { SamlLogin } from './saml-login.ts';

/**
 * A SAML login is bound to the browser that started it: a signed HttpOnly cookie names the
 * AuthnRequest, and the assertion consumer accepts only the answer to that request. Without
 * it anyone could post their own unused response from a victim's browser and sign the victim
 * in as themselves (login CSRF). The provider posts the answer cross-site, so behind https the
 * cookie is SameSite=None; over http browsers refuse that, and only a same-site provider (a
 * development set-up) gets the Lax cookie back.
 */
const baseName = 'esign_saml';
const lifetimeSeconds = 15 * 60;

function cookieOf(config: AppConfig): { name: string; options: CookieSerializeOptions } {
  const https = config.publicUrl.protocol === 'https:';
  return {
    name: cookieNameOf(config.publicUrl, baseName),
    options: {
      path: '/',
      httpOnly: true,
      secure: https,
      sameSite: https ? 'none' : 'lax',
      signed: true,
    },
  };
}

/** The SAML login method: makes the request, sets the cookie that binds it to this browser. */
export function samlLoginMethod(samlLogin: SamlLogin, config: AppConfig): LoginMethod {
  const cookie = cookieOf(config);
  return {
    async loginUrl(returnTo, _request, reply) {
      const { url, requestId } = await samlLogin.loginUrl(returnTo);
      reply.setCookie(cookie.name, requestId, { ...cookie.options, maxAge: lifetimeSeconds });
      return url;
    },
    logoutUrl: (session) => samlLogin.logoutUrl(session),
  };
}

/** The request id this browser's cookie names, or null; the cookie is used up either way. */
export function takeBoundRequestId(
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
): string | null {
  const cookie = cookieOf(config);
  const raw = request.cookies[cookie.name];
  reply.clearCookie(cookie.name, cookie.options);
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}
