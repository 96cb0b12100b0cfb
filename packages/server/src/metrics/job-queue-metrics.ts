import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import { readJobQueueState, type JobQueueState } from './job-queue.repository.ts';

export interface JobQueueMetricsOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/**
 * The queue's depth and the age of its oldest due job, read from the jobs table when
 * Prometheus scrapes. Every node shares the table and so reports the same figures: take
 * max(), not sum(), across nodes. A growing age means no worker keeps up (or none runs).
 */
export function registerJobQueueMetrics(registry: Registry, options: JobQueueMetricsOptions) {
  const { db, clock, logger } = options;
  // Both gauges are collected in the same scrape: one read of the table serves them.
  let reading: Promise<JobQueueState | null> | undefined;
  const read = () =>
    (reading ??= readJobQueueState(db, clock.now())
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'reading the job queue for metrics failed');
        return null;
      })
      .finally(() => {
        reading = undefined;
      }));

  new Gauge({
    name: 'esign_job_queue_depth',
    help: 'Jobs in the shared queue: waiting (not failed), due (ready, not taken), failed (gave up)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const state = await read();
      // When the database does not answer, no figure is better than a stale one.
      this.reset();
      if (!state) return;
      this.set({ state: 'waiting' }, state.waiting);
      this.set({ state: 'due' }, state.due);
      this.set({ state: 'failed' }, state.failed);
    },
  });
  new Gauge({
    name: 'esign_job_queue_oldest_due_age_seconds',
    help: 'How long the oldest due job has been waiting for a worker (0 when none is due)',
    registers: [registry],
    async collect() {
      const state = await read();
      this.reset();
      if (!state) return;
      const since = state.oldestDueAt?.getTime() ?? clock.now().getTime();
      this.set(Math.max(0, (clock.now().getTime() - since) / 1000));
    },
  });
}
