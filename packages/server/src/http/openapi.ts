import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The documented schemes: the browser's session cookie, or an API token with a scope. */
const securitySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'esign_session',
    description:
      'The browser session (__Host-esign_session behind https). Unsafe methods also need the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (esign_pat_…) from the API access page: acts as its owner within its scopes (signflows:read, signflows:write, reports:read). No cookies and no XSRF header; a request with both a session cookie and a token is refused (400).',
  },
} as const;

/** The OpenAPI description, generated from the routes' zod schemas, at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'eSign portal API',
        description:
          'The calls of the eSign portal. With a browser session, unsafe methods need the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie. The sign-flow and report calls also take a personal API token (`Authorization: Bearer esign_pat_…`, made on the API access page), within its scopes: signflows:read, signflows:write, reports:read. Refusals: 401 errors.unauthorized (unknown, expired or revoked token), 403 errors.scope (outside its scopes), 400 errors.twoCredentials (a session cookie and a token together), 429 errors.tooManyRequests with Retry-After (over API_RATE_PER_MINUTE per token).',
        version: '0.1.0',
      },
      components: { securitySchemes },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
