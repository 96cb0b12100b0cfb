import { apiPaths, CommonConfig } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import { commonConfigOf, readFrontpageInfo } from './config.service.ts';
import type { AppConfig } from './env.ts';

/** GET api/config/common and GET api/config/info (SPEC §7). */
export async function registerConfigRoutes(
  app: FastifyInstance,
  config: AppConfig,
  database: DatabaseHandle,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const common = commonConfigOf(config);
  routes.get(
    apiPaths.commonConfig,
    {
      schema: {
        tags: ['config'],
        summary: 'The UI configuration (languages, public URL, feature switches)',
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
        response: { 200: z.string() },
      },
    },
    // A bare string would go out as text/plain; the contract says a JSON string.
    async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(await readFrontpageInfo(database.db))),
  );
}
