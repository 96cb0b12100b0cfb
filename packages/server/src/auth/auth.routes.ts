import { apiPaths, LogoutResult, plainText, Session } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../time/clock.ts';
import { completeLogin, logout, recordLoginFailure } from './login.service.ts';
import { safeReturnPath } from './return-path.ts';
import type { LoginMethod } from './login-method.ts';
import type { OidcLogin } from './oidc-login.ts';
import { cookieNameOf } from '../http/cookie-names.ts';
import { errorResponses } from '../http/error-responses.ts';
import { optionalSessionSecurity } from '../http/openapi.ts';
import { requestMetaOf } from '../http/request-context.ts';
import { endSession, hashSessionToken } from './session.service.ts';

// The path is '/' because a __Host- cookie (behind https) must have it.
const loginStateCookieOf = (config: AppConfig) => ({
  name: cookieNameOf(config.publicUrl, 'esign_login'),
  options: {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.protocol === 'https:',
    signed: true,
  },
});

/** The login method for OIDC (external or built-in): state cookie ties the callback to this browser. */
export function oidcLoginMethod(oidc: OidcLogin, config: AppConfig): LoginMethod {
  const cookie = loginStateCookieOf(config);
  return {
    async loginUrl(returnTo, _request, reply) {
      const { state, url } = await oidc.begin(returnTo);
      reply.setCookie(cookie.name, state, { ...cookie.options, maxAge: 15 * 60 });
      return url;
    },
    logoutUrl: (session) => oidc.logoutUrl(session.idToken),
  };
}

/** SPEC §7's login, logout and current-user calls, and the OIDC callback. */
export async function registerAuthRoutes(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: DatabaseHandle;
    method: LoginMethod;
    oidc: OidcLogin | null;
    clock: Clock;
  },
) {
  const { config, database, method, oidc, clock } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.currentUser,
    {
      schema: {
        tags: ['login'],
        summary: 'The session (SPEC §3); IsAuthenticated is false when there is none',
        security: optionalSessionSecurity,
        response: { 200: Session },
      },
    },
    async (request): Promise<Session> => ({
      IsAuthenticated: request.session !== null,
      IsAdmin: request.session?.user.isAdmin ?? false,
      DisplayName: request.session?.user.displayName ?? '',
      OrganizationName: config.organizationName,
      BIC: config.organizationBic,
      UserId: request.session?.user.id ?? null,
    }),
  );

  routes.get(
    apiPaths.externalLogin,
    {
      config: { rateLimit: 'login' },
      schema: {
        tags: ['login'],
        summary: 'Starts a login at the identity provider; afterwards the browser returns to r',
        querystring: z.object({ r: z.string().max(2000).check(plainText()).optional() }),
        response: {
          303: z.null().meta({
            description:
              "To the identity provider's login (Location); r is kept for the return only when it is a path of this portal.",
          }),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const url = await method.loginUrl(safeReturnPath(request.query.r), request, reply);
      return reply.redirect(url, 303);
    },
  );

  if (oidc) {
    routes.get(
      '/api/esign/Users/callback',
      {
        // Each refused callback writes an audit event: anyone can call it.
        config: { rateLimit: 'login' },
        schema: {
          tags: ['login'],
          summary: 'Where the OpenID Connect provider returns the browser after login',
          // What the provider sends; anything else it adds is passed on to the check as it came.
          querystring: z
            .object({
              code: z.string().optional(),
              state: z.string().optional(),
              iss: z.string().optional(),
              error: z.string().optional(),
              error_description: z.string().optional(),
            })
            .catchall(z.string()),
          response: {
            303: z.null().meta({
              description:
                'Signed in: to the return path (Location) with the new session cookie; refused (state of another browser, the provider said no): to /login?failed=1.',
            }),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) => {
        const cookie = loginStateCookieOf(config);
        const raw = request.cookies[cookie.name];
        const cookieState = raw ? request.unsignCookie(raw) : null;
        reply.clearCookie(cookie.name, cookie.options);
        const meta = requestMetaOf(request);
        try {
          if (!cookieState?.valid || cookieState.value !== request.query.state) {
            throw new Error('the login state does not belong to this browser');
          }
          const callbackUrl = new URL(request.url, config.publicUrl);
          const result = await oidc.finish(cookieState.value, callbackUrl);
          if (!result.identity.email) throw new Error('the provider sent no e-mail address');
          // A session the browser may already have is ended: the login always starts a new one.
          if (request.session) await endSession(database.db, request.session.id);
          const token = await completeLogin(
            database.db,
            config,
            result.identity,
            { method: 'oidc', idToken: result.idToken },
            meta,
            clock.now(),
          );
          app.sessionCookies.setSession(reply, token);
          app.sessionCookies.refreshCsrf(reply, { id: hashSessionToken(token) }, request);
          return reply.redirect(safeReturnPath(result.returnTo), 303);
        } catch (error) {
          request.log.info({ reason: (error as Error).message }, 'login refused');
          await recordLoginFailure(database.db, null, (error as Error).message, meta, clock.now());
          return reply.redirect('/login?failed=1', 303);
        }
      },
    );
  }

  // SPEC keeps this address as a browser URL. A GET must not change state (a link or an image
  // on another site would log the user out), so it shows the page whose button logs out.
  routes.get(
    apiPaths.externalLogout,
    {
      schema: {
        tags: ['login'],
        summary: 'The logout page: a button that logs out (a GET changes nothing)',
        response: { 303: z.null().meta({ description: 'To the web app’s /logout page.' }) },
      },
    },
    async (_request, reply) => reply.redirect('/logout', 303),
  );

  routes.post(
    apiPaths.externalLogout,
    {
      schema: {
        tags: ['login'],
        summary:
          'Ends the session here; answers where the browser goes next: the identity provider’s logout, or the logged-out notice',
        security: optionalSessionSecurity,
        response: { 200: LogoutResult },
      },
    },
    async (request, reply): Promise<LogoutResult> => {
      const session = request.session;
      app.sessionCookies.clearSession(reply);
      if (!session) return { Location: '/logout' };
      await logout(database.db, session, requestMetaOf(request), clock.now());
      request.session = null;
      const providerLogout = await method.logoutUrl(session).catch((error: unknown) => {
        request.log.warn({ err: error }, 'provider logout address unavailable');
        return null;
      });
      return { Location: providerLogout ?? '/logout' };
    },
  );
}
