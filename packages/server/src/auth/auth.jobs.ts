import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobLogger, JobWorker } from '../jobs/job-queue.ts';
import { purgeExpiredLoginRows } from './housekeeping.service.ts';

export const authJobs = {
  /** Purges expired sessions, pending logins, provider payloads and throttle counts (recurring). */
  housekeeping: 'auth.housekeeping',
} as const;

/** Anonymous rows live at most their lifetime plus this long. */
export const housekeepingIntervalMs = 15 * 60_000;

/** The login side's background work: one recurring sweep, safe to run on any node, any number of times. */
export function registerAuthJobs(
  worker: JobWorker,
  deps: { db: Kysely<Database>; sessionIdleMs: number; logger: JobLogger },
) {
  worker.register(authJobs.housekeeping, async (_payload, context) => {
    const purged = await purgeExpiredLoginRows(deps.db, deps.sessionIdleMs, context.now);
    if (Object.values(purged).some((count) => count > 0))
      deps.logger.info({ kind: authJobs.housekeeping, purged }, 'expired login rows removed');
  });
  worker.every(authJobs.housekeeping, housekeepingIntervalMs);
}
