import {
  ApiTokenIdParams,
  ApiTokenListItem,
  ApiTokenListQuery,
  apiTokenPaths,
  apiTokenRoutes,
  CreateApiTokenRequest,
  CreatedApiToken,
  ErrorBody,
} from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  const security = [{ sessionCookie: [] }];

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
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
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
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
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
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
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
