import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Registry } from 'prom-client';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { errorBody } from '../errors/error-handler.ts';
import type { Clock } from '../time/clock.ts';
import { registerHttpMetrics } from './http-metrics.ts';
import { registerJobQueueMetrics } from './job-queue-metrics.ts';
import { processMetrics } from './process-metrics.ts';

export interface MetricsDependencies {
  config: AppConfig;
  db: Kysely<Database>;
  clock: Clock;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so that neither the token's bytes nor its length leak through timing. */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus metrics at GET /metrics: the process's, HTTP per route template, the job
 * queue and signatures per level. Registered before the other routes, so that the
 * response hook sees them all. With METRICS_TOKEN set, a scrape must bring it as a
 * bearer token; with METRICS_ENABLED=false nothing is measured or served.
 */
export async function registerMetrics(app: FastifyInstance, deps: MetricsDependencies) {
  const { enabled, token } = deps.config.metrics;
  if (!enabled) return;
  const appRegistry = new Registry();
  registerHttpMetrics(app, appRegistry);
  registerJobQueueMetrics(appRegistry, {
    db: deps.db,
    clock: deps.clock,
    logger: app.log.child({ component: 'metrics' }),
  });
  const registry = Registry.merge([processMetrics(), appRegistry]);

  app.get(
    '/metrics',
    // Prometheus's text format, not part of the JSON API: kept out of /api/docs.
    { schema: { hide: true } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (token !== undefined && !carriesToken(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send(errorBody('unauthorized'));
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
