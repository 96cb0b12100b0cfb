import { apiPaths, templatePaths, type ApiTokenScope } from '@esign/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { addRouteErrorResponses, errorResponse } from '../http/error-responses.ts';
import { createRateCounter } from '../http/rate-limit.ts';
import { rateLimitedCounter } from '../metrics/process-metrics.ts';
import type { Clock } from '../time/clock.ts';
import { authenticateApiToken } from './api-token-auth.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an API token needs for this route; routes without one are not open to tokens. */
    apiScope?: ApiTokenScope;
  }
  interface FastifyRequest {
    /** The API token the request came with (null: a browser session or none). */
    apiToken: { tokenId: string; scopes: ApiTokenScope[] } | null;
  }
}

const signFlowPrefix = `${apiPaths.signFlows}`;
const reportPaths = new Set<string>([apiPaths.reportSignings, apiPaths.reportAuthentications]);

/**
 * The scope a token needs on a route: the sign-flow and template calls read with signflows:read
 * and change (create, upload, send, cancel, delete; a safe method that changes state too) with
 * signflows:write; the two reports with reports:read. Every other route is closed to tokens.
 */
export function apiScopeOfRoute(route: {
  method: string;
  url: string;
  csrfOnSafeMethod?: boolean;
}): ApiTokenScope | null {
  if (reportPaths.has(route.url)) return 'reports:read';
  // Templates make flows: the sign-flow scopes cover them.
  const flowLike = [signFlowPrefix, templatePaths.templates].some(
    (prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`),
  );
  if (!flowLike) return null;
  const safe = route.method === 'GET' || route.method === 'HEAD';
  return safe && route.csrfOnSafeMethod !== true ? 'signflows:read' : 'signflows:write';
}

/** What a request with a token may be refused with, beside the route's own answers. */
function bearerRefusals(scope: ApiTokenScope | null) {
  return {
    ...errorResponse(
      400,
      'errors.twoCredentials: a session cookie and an API token in one request.',
    ),
    ...errorResponse(401, 'errors.unauthorized: an unknown, expired or revoked API token.'),
    ...errorResponse(
      403,
      scope
        ? `errors.scope: an API token without the scope \`${scope}\`.`
        : 'errors.scope: an API token (this call takes only the browser session).',
    ),
    ...errorResponse(
      429,
      'errors.tooManyRequests: the API token made more calls this minute than API_RATE_PER_MINUTE allows; Retry-After says when to try again.',
      { retryAfter: true },
    ),
  };
}

/** The API calls where a bearer token is read at all (presentedToken); the others ignore it. */
const readsBearer = (url: string) => url.startsWith('/api/esign/');

/** The API-token side of every request: the route's scope (onRoute) and the bearer check. */
export function createBearerAuthentication(deps: {
  db: Kysely<Database>;
  clock: Clock;
  ratePerMinute: number;
}) {
  const counter = createRateCounter(deps.clock);
  const limit = { max: deps.ratePerMinute, windowMs: 60_000 };
  rateLimitedCounter.inc({ limit: 'apiToken' }, 0);
  return {
    /** Marks the routes open to tokens with their scope, in the route and in the OpenAPI text. */
    onRoute(routeOptions: RouteOptions) {
      const methods = Array.isArray(routeOptions.method)
        ? routeOptions.method
        : [routeOptions.method];
      const method = methods.find((item) => item !== 'HEAD') ?? 'GET';
      const scope =
        routeOptions.config?.apiScope ??
        apiScopeOfRoute({
          method,
          url: routeOptions.url,
          csrfOnSafeMethod: routeOptions.config?.csrfOnSafeMethod,
        });
      if (!scope) {
        if (readsBearer(routeOptions.url))
          addRouteErrorResponses(routeOptions, bearerRefusals(null));
        return;
      }
      routeOptions.config = { ...routeOptions.config, apiScope: scope };
      const schema = routeOptions.schema as Record<string, unknown> | undefined;
      if (!schema) return;
      routeOptions.schema = {
        ...schema,
        security: [{ sessionCookie: [] }, { bearerAuth: [scope] }],
        description: [schema.description, `API tokens: scope \`${scope}\`.`]
          .filter(Boolean)
          .join(' '),
      };
      addRouteErrorResponses(routeOptions, bearerRefusals(scope));
    },

    /** The token of an `Authorization` header on an API call; null when there is none. */
    presentedToken(request: FastifyRequest): string | null {
      const header = request.headers.authorization;
      if (header === undefined) return null;
      const url = request.routeOptions.url;
      if (url === undefined || !readsBearer(url)) return null;
      const match = /^Bearer +(\S+) *$/i.exec(header);
      if (!match?.[1]) throw new AppError('unauthorized');
      return match[1];
    },

    /**
     * Makes the request its token's owner's, within the token's scopes: 401 for a token that
     * is not live, 403 errors.scope past its scopes, 429 with Retry-After past the rate.
     */
    async authenticate(request: FastifyRequest, reply: FastifyReply, token: string) {
      const caller = await authenticateApiToken(deps.db, token, request.ip, deps.clock.now());
      if (!caller) throw new AppError('unauthorized');
      const waitMs = counter.hit(caller.tokenId, limit);
      if (waitMs > 0) {
        rateLimitedCounter.inc({ limit: 'apiToken' });
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        throw new AppError('tooManyRequests');
      }
      const needed = request.routeOptions.config.apiScope;
      if (!needed || !caller.scopes.includes(needed)) throw new AppError('scope');
      request.apiToken = { tokenId: caller.tokenId, scopes: caller.scopes };
      request.session = {
        id: `api-token:${caller.tokenId}`,
        loginMethod: 'api-token',
        idToken: null,
        samlNameId: null,
        samlSessionIndex: null,
        user: caller.user,
      };
    },
  };
}
