import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createBearerAuthentication } from '../api-tokens/bearer-auth.ts';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { isBuiltSubresource } from '../http/built-assets.ts';
import { cookieNameOf } from '../http/cookie-names.ts';
import { addRouteErrorResponses, errorResponse } from '../http/error-responses.ts';
import type { Clock } from '../time/clock.ts';
import {
  csrfCookieName,
  csrfHeaderName,
  isCsrfRequestValid,
  isCsrfTokenValid,
  issueCsrfToken,
} from './csrf.ts';
import { findActiveSession, type SessionLimits } from './session.service.ts';

// The request's session itself (FastifyRequest.session) is declared in http/request-context.ts.
declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request created the anonymous browser id. */
    newAnonymousId: string | null;
  }
  interface FastifyContextConfig {
    /** false exempts an unsafe route from the XSRF check (it must protect itself otherwise). */
    csrf?: boolean;
    /** true makes a safe-method route that changes state require the XSRF header too. */
    csrfOnSafeMethod?: boolean;
  }
}

/** The session cookie's name over http; behind https it is __Host-esign_session. */
export const sessionCookieName = 'esign_session';
const anonymousCookieBase = 'esign_anon';
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What the XSRF check below answers, as the routes it guards document it. */
const csrfRefusal = errorResponse(
  403,
  'errors.csrf: a browser call without the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie, or sent from another site (a call with an API token needs neither).',
);

export interface SessionCookies {
  setSession(reply: FastifyReply, token: string): void;
  clearSession(reply: FastifyReply): void;
  /** Re-issues the XSRF-TOKEN cookie for the session now in force. */
  refreshCsrf(reply: FastifyReply, session: { id: string } | null, request: FastifyRequest): void;
}

/**
 * Sessions and request forgery protection for every route: reads the session cookie,
 * refuses unsafe calls whose X-XSRF-TOKEN header does not match a session-bound
 * XSRF-TOKEN cookie (or that come from another site), and keeps that cookie issued.
 * An API call with `Authorization: Bearer` acts as the token's owner instead, without cookies.
 */
async function sessionPlugin(
  app: FastifyInstance,
  { config, database, clock }: { config: AppConfig; database: DatabaseHandle; clock: Clock },
) {
  const secure = config.publicUrl.protocol === 'https:';
  const sessionCookie = cookieNameOf(config.publicUrl, sessionCookieName);
  const anonymousCookieName = cookieNameOf(config.publicUrl, anonymousCookieBase);
  const limits: SessionLimits = {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  };
  const base = { path: '/', sameSite: 'lax' as const, secure };

  const anonymousIdOf = (request: FastifyRequest): string | null => {
    if (request.newAnonymousId) return request.newAnonymousId;
    const raw = request.cookies[anonymousCookieName];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  };
  const bindingOf = (request: FastifyRequest, session: { id: string } | null) => {
    if (session) return `s:${session.id}`;
    const anonymous = anonymousIdOf(request);
    return anonymous ? `a:${anonymous}` : null;
  };

  const cookies: SessionCookies = {
    setSession(reply, token) {
      reply.setCookie(sessionCookie, token, { ...base, httpOnly: true });
    },
    clearSession(reply) {
      reply.clearCookie(sessionCookie, { ...base, httpOnly: true });
    },
    refreshCsrf(reply, session, request) {
      let binding = bindingOf(request, session);
      if (!binding) {
        request.newAnonymousId = randomBytes(18).toString('base64url');
        reply.setCookie(anonymousCookieName, request.newAnonymousId, {
          ...base,
          httpOnly: true,
          signed: true,
        });
        binding = `a:${request.newAnonymousId}`;
      }
      // Readable by the web app's script, which echoes it in the X-XSRF-TOKEN header.
      reply.setCookie(csrfCookieName, issueCsrfToken(config.sessionSecret, binding), {
        ...base,
        httpOnly: false,
      });
    },
  };
  app.decorate('sessionCookies', cookies);
  app.decorateRequest('session', null);
  app.decorateRequest('newAnonymousId', null);
  app.decorateRequest('apiToken', null);

  const bearer = createBearerAuthentication({
    db: database.db,
    clock,
    ratePerMinute: config.apiTokens.ratePerMinute,
  });
  app.addHook('onRoute', bearer.onRoute);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map(String);
    const checked =
      route.config?.csrf !== false &&
      (methods.some((method) => unsafeMethods.has(method)) ||
        route.config?.csrfOnSafeMethod === true);
    if (checked) addRouteErrorResponses(route, csrfRefusal);
  });

  // Requests whose session was read; for the others (the database was down) it is unknown.
  const sessionRead = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    // The app's scripts and stylesheets are the same for everyone: no session, no cookies.
    if (isBuiltSubresource(request.url)) return;
    const bearerToken = bearer.presentedToken(request);
    if (bearerToken !== null) {
      // Which of two credentials acts would be unclear: refuse rather than pick one.
      if (request.cookies[sessionCookie]) throw new AppError('twoCredentials');
      // No XSRF check: a browser never adds this header by itself, so no other site can
      // make one send it. No cookies are issued either (sessionRead stays unset).
      await bearer.authenticate(request, reply, bearerToken);
      return;
    }
    const token = request.cookies[sessionCookie];
    request.session = token
      ? await findActiveSession(database.db, token, limits, clock.now())
      : null;
    sessionRead.add(request);

    const routeConfig = request.routeOptions.config;
    const needsCheck =
      routeConfig.csrf !== false &&
      (unsafeMethods.has(request.method) || routeConfig.csrfOnSafeMethod === true);
    if (!needsCheck) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new AppError('csrf');
    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      origin !== config.publicUrl.origin &&
      origin !== `${request.protocol}://${request.host}`
    ) {
      throw new AppError('csrf');
    }
    const binding = bindingOf(request, request.session);
    const header = request.headers[csrfHeaderName];
    if (
      !binding ||
      !isCsrfRequestValid(
        config.sessionSecret,
        binding,
        request.cookies[csrfCookieName],
        typeof header === 'string' ? header : undefined,
      )
    ) {
      throw new AppError('csrf');
    }
  });

  // Keep a valid XSRF-TOKEN in the browser for whatever session is now in force.
  app.addHook('onSend', async (request, reply) => {
    // Without the session, a new token would be bound to no one and refused once it is back.
    if (!sessionRead.has(request)) return;
    if (
      reply.hasHeader('set-cookie') &&
      String(reply.getHeader('set-cookie')).includes(`${csrfCookieName}=`)
    ) {
      return;
    }
    const binding = bindingOf(request, request.session);
    if (
      !binding ||
      !isCsrfTokenValid(config.sessionSecret, binding, request.cookies[csrfCookieName])
    ) {
      cookies.refreshCsrf(reply, request.session, request);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookies: SessionCookies;
  }
}

export const registerSessions = fp(sessionPlugin, { name: 'esign-sessions' });
