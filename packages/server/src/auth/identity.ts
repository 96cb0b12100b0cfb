import type { FastifyInstance } from 'fastify';
import type * as client from 'openid-client';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { startBuiltinProvider } from '../idp/builtin-idp.ts';
import type { Clock } from '../time/clock.ts';
import { oidcLoginMethod, registerAuthRoutes } from './auth.routes.ts';
import type { LoginMethod } from './login-method.ts';
import { createOidcLogin } from './oidc-login.ts';
import { registerSessions } from './session.plugin.ts';

/** The built-in provider is reached in-process, so it works behind any proxy or TLS set-up. */
export function injectFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = { ...options.headers };
    headers.host = target.host;
    headers['x-forwarded-proto'] = target.protocol.replace(':', '');
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(options.body !== undefined && options.body !== null
        ? { payload: String(options.body) }
        : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined) responseHeaders.append(name, String(item));
      }
    }
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * Everything about who the user is: the built-in provider when it is in force (before
 * the session plugin, so its endpoints keep their own protections), sessions and XSRF,
 * and the login, logout and current-user calls.
 */
export async function registerIdentity(
  app: FastifyInstance,
  deps: { config: AppConfig; database: DatabaseHandle; clock: Clock },
  extraLoginMethods: { saml?: (app: FastifyInstance) => Promise<LoginMethod> } = {},
) {
  const { config, database, clock } = deps;
  const builtin = config.login.kind === 'builtin';
  const registerBuiltinLogin = builtin ? await startBuiltinProvider(app, deps) : null;
  await app.register(registerSessions, deps);

  let method: LoginMethod;
  let oidc = null;
  if (config.login.kind === 'saml') {
    if (!extraLoginMethods.saml) throw new Error('SAML login is configured but not available');
    method = await extraLoginMethods.saml(app);
  } else {
    oidc = createOidcLogin(
      database.db,
      config,
      clock,
      builtin ? { customFetch: injectFetch(app) } : {},
    );
    method = oidcLoginMethod(oidc, config);
  }
  await registerAuthRoutes(app, { config, database, method, oidc, clock });
  if (registerBuiltinLogin) await registerBuiltinLogin();
}
