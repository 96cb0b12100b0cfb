import { apiPaths, CommonConfig, FrontpageInfoText } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, errorResponses, withoutClientErrors } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requireAdmin } from '../http/request-context.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { commonConfigOf, readFrontpageInfo, saveFrontpageInfo } from './config.service.ts';
import type { Clock } from '../time/clock.ts';
import type { AppConfig } from './env.ts';

/** GET api/config/common, GET api/config/info and an administrator's POST api/config/info (SPEC §7). */
export async function registerConfigRoutes(
  app: FastifyInstance,
  config: AppConfig,
  database: DatabaseHandle,
  clock: Clock,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const common = commonConfigOf(config);
  routes.get(
    apiPaths.commonConfig,
    {
      schema: {
        tags: ['config'],
        summary: 'The UI configuration (languages, public URL, feature switches)',
        ...withoutClientErrors('No input and no login: the same answer for everyone.'),
        response: { 200: CommonConfig },
      },
    },
    async () => common,
  );
  routes.get(
    apiPaths.frontpageInfo,
    {
      schema: {
        tags: ['config'],
        summary: 'The front-page introduction text (Markdown), as a JSON string; empty when unset',
        ...withoutClientErrors('No input and no login: the same answer for everyone.'),
        response: { 200: z.string() },
      },
    },
    // A bare string would go out as text/plain; the contract says a JSON string.
    async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(await readFrontpageInfo(database.db))),
  );
  routes.post(
    apiPaths.frontpageInfo,
    {
      // Before the body is read, so only an administrator learns whether it was valid; the
      // switch first: with editing off nobody may write, administrator or not.
      onRequest: [
        async () => {
          if (!config.frontpageInfoEditable) throw new AppError('forbidden');
        },
        requireAdmin,
      ],
      schema: {
        tags: ['config'],
        summary:
          'Stores the front-page introduction text (a JSON string); administrators only, 403 when IsFrontpageInfoEditable is off',
        security: sessionSecurity,
        body: FrontpageInfoText,
        response: {
          204: z.null().describe('Stored'),
          ...errorResponses(400, 401),
          ...errorResponse(
            403,
            'Editing is off (IsFrontpageInfoEditable false: for everyone), or the caller is not an administrator (errors.forbidden); refused before the body is read.',
          ),
        },
      },
    },
    async (request, reply) => {
      await saveFrontpageInfo(database.db, request.body, clock.now());
      return reply.status(204).send(null);
    },
  );
}
