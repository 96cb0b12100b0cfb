import {
  ApiTokenIdParams,
  ApiTokenListItem,
  ApiTokenListQuery,
  apiTokenPaths,
  apiTokenRoutes,
  CreateApiTokenRequest,
  CreatedApiToken,
} from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requestContextOf, requireSession, userOf } from '../http/request-context.ts';
import {
  createApiToken,
  listTokens,
  revokeToken,
  type ApiTokenDeps,
} from './api-tokens.service.ts';

/**
 * The API access page's calls: a signed-in user lists, creates and revokes their own tokens;
 * an administrator also lists and revokes everyone's. Browser session and XSRF only: a token
 * cannot make or list tokens.
 */
export async function registerApiTokenRoutes(app: FastifyInstance, deps: ApiTokenDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['API tokens'];
  const security = sessionSecurity;

  routes.get(
    apiTokenPaths.apiTokens,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "The caller's live tokens; with all=true every token of the organisation (administrators)",
        querystring: ApiTokenListQuery,
        response: {
          200: z.array(ApiTokenListItem),
          ...errorResponses(400, 401),
          ...errorResponse(
            403,
            'all=true from a user who is not an administrator (errors.forbidden).',
          ),
        },
      },
    },
    async (request) => listTokens(deps, userOf(request), request.query.all === 'true'),
  );

  routes.post(
    apiTokenPaths.apiTokens,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          'Creates a token for the caller; the answer is the only time Token is shown (only its SHA-256 is kept)',
        description:
          'ExpiresInDays is at most API_TOKEN_MAX_DAYS (ApiTokenMaxDays in api/config/common); reports:read only for administrators.',
        body: CreateApiTokenRequest,
        response: {
          200: CreatedApiToken,
          ...errorResponse(
            400,
            'issues: a field is not valid, or ExpiresInDays is over API_TOKEN_MAX_DAYS (apiTokens.errors.expiryTooLong with { n }).',
          ),
          ...errorResponses(401),
          ...errorResponse(
            403,
            'reports:read asked for by a user who is not an administrator (apiTokens.errors.scopeNotAllowed, also in issues under Scopes).',
          ),
        },
      },
    },
    async (request) => {
      const caller = userOf(request);
      return createApiToken(deps, caller, request.body, requestContextOf(request, caller.email));
    },
  );

  routes.delete(
    apiTokenRoutes.apiToken,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Revokes a token (one's own; administrators any): it stops working at once",
        params: ApiTokenIdParams,
        response: {
          204: z.null().describe('Revoked'),
          ...errorResponses(400, 401),
          ...errorResponse(
            404,
            'No live token of this id that the caller may revoke: unknown, already revoked or expired, or another user’s (to a non-administrator). errors.notFound either way.',
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      await revokeToken(deps, caller, request.params.id, requestContextOf(request, caller.email));
      return reply.status(204).send(null);
    },
  );
}
