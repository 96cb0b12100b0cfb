import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertJob, releaseJobByKey } from './jobs.repository.ts';

/** How often a job is tried before it is marked failed, unless the job or its kind says otherwise. */
export const defaultMaxAttempts = 8;

export interface NewJob {
  kind: string;
  /** Anything JSON can hold; the handler parses it. */
  payload: unknown;
  /** Not before this time; now when unset. */
  runAt?: Date;
  /** While a job with this key waits or runs, enqueueing another with the same key does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Queues a job in the caller's transaction (pass the Transaction), so that the job exists
 * if and only if the change that caused it commits.
 */
export async function enqueueJob(db: Kysely<Database>, job: NewJob, now: Date): Promise<void> {
  await insertJob(db, {
    id: randomUUID(),
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? null),
    dedupe_key: job.dedupeKey ?? null,
    run_at: (job.runAt ?? now).toISOString(),
    max_attempts: job.maxAttempts ?? defaultMaxAttempts,
    created_at: now.toISOString(),
  });
}

/**
 * Makes the waiting job with this key due now: a retry's wait is cut short, and a claim whose
 * lock ran out or whose node is not alive (no heartbeat since `liveSince`) is released. A job
 * that a live node is running is left to it. Answers whether the job is now due.
 */
export async function runQueuedJobNow(
  db: Kysely<Database>,
  dedupeKey: string,
  { now, liveSince }: { now: Date; liveSince: Date },
): Promise<boolean> {
  return releaseJobByKey(db, dedupeKey, { now, liveSince });
}
