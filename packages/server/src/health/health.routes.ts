import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import { withoutClientErrors } from '../http/error-responses.ts';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
export async function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        ...withoutClientErrors('No input and no login: any request is answered.'),
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  routes.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers',
        ...withoutClientErrors('No input and no login: any request is answered.'),
        response: {
          200: Health,
          503: Health.meta({ description: 'The database does not answer (status unavailable).' }),
        },
      },
    },
    async (_request, reply) => {
      const ready = await database.ping();
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
    },
  );
}
