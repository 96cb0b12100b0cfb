import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../db/schema.ts';
import { enqueueJob } from './enqueue-job.ts';
import { claimDueJob, deleteJob, markJobFailed, scheduleRetry } from './jobs.repository.ts';
import type { JobHandler, JobRegistration, JobWorker, JobWorkerOptions } from './job-types.ts';
import { createPoller } from './poller.ts';

/** 30 s, 1 min, 2 min, … after each failed attempt, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempt - 1, 0), 3_600_000);
}

/** The longest a failure may put its next attempt off by naming a time (`retryAt`). */
const maxNamedRetryDelayMs = 24 * 3_600_000;

/**
 * When to try a failed job again: after the backoff, or at the later time the error names
 * (its `retryAt`, e.g. when a CA publishes its next CRL), but never more than a day ahead.
 */
function retryTime(error: unknown, now: Date, attempt: number): Date {
  const backoff = now.getTime() + retryDelayMs(attempt);
  const named =
    error instanceof Error && 'retryAt' in error && error.retryAt instanceof Date
      ? error.retryAt.getTime()
      : 0;
  return new Date(Math.max(backoff, Math.min(named, now.getTime() + maxNamedRetryDelayMs)));
}

const everyKey = (kind: string) => `every:${kind}`;
const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * A worker over the `jobs` table. Successful jobs are deleted; a failed one is retried with
 * backoff and, after its last attempt, kept with failed_at set.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, clock, logger, pollMs = 1000, lockMs = 5 * 60_000, concurrency = 2 } = options;
  const workerId =
    options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobRegistration & { handler: JobHandler }>();
  const intervals = new Map<string, number>();
  const active = new Set<Promise<number>>();
  // stop() ends the passes running then (after their current job); a later runDue starts afresh.
  let generation = 0;

  const queueNextRun = (trx: Kysely<Database>, kind: string, interval: number) => {
    const now = clock.now();
    const runAt = new Date(now.getTime() + interval);
    return enqueueJob(trx, { kind, payload: null, runAt, dedupeKey: everyKey(kind) }, now);
  };
  const recurringInterval = (job: JobRow) =>
    job.dedupe_key === everyKey(job.kind) ? intervals.get(job.kind) : undefined;

  async function succeed(job: JobRow) {
    const interval = recurringInterval(job);
    if (interval === undefined) return deleteJob(db, job.id);
    await db.transaction().execute(async (trx) => {
      await deleteJob(trx, job.id);
      await queueNextRun(trx, job.kind, interval);
    });
  }

  async function fail(job: JobRow, error: unknown) {
    const maxAttempts = handlers.get(job.kind)?.maxAttempts ?? job.max_attempts;
    const details = {
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempts,
      error: messageOf(error),
    };
    const now = clock.now();
    if (job.attempts < maxAttempts) {
      const runAt = retryTime(error, now, job.attempts);
      await scheduleRetry(db, { id: job.id, workerId, error: details.error, runAt });
      logger.warn({ ...details, retryAt: runAt.toISOString() }, 'job failed; it will be retried');
      return;
    }
    if (await handOver(job, error)) return;
    const interval = recurringInterval(job);
    const kept = handlers.get(job.kind)?.keptWhenFailed;
    const payload = kept ? JSON.stringify(kept(JSON.parse(job.payload))) : undefined;
    await db.transaction().execute(async (trx) => {
      await markJobFailed(trx, { id: job.id, workerId, error: details.error, now, payload });
      if (interval !== undefined) await queueNextRun(trx, job.kind, interval);
    });
    logger.error(details, 'job failed for the last time; it stays for an operator');
  }

  /** The kind's onGiveUp takes the failure over: true when it did, and the job is done. */
  async function handOver(job: JobRow, error: unknown): Promise<boolean> {
    const onGiveUp = handlers.get(job.kind)?.onGiveUp;
    if (!onGiveUp) return false;
    try {
      await onGiveUp(JSON.parse(job.payload), error);
    } catch (hookError) {
      logger.error(
        { jobId: job.id, kind: job.kind, error: messageOf(hookError) },
        'onGiveUp failed',
      );
      return false;
    }
    logger.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, error: messageOf(error) },
      'job gave up; its kind recorded the failure',
    );
    await succeed(job);
    return true;
  }

  async function run(job: JobRow) {
    const registration = handlers.get(job.kind);
    try {
      if (!registration) throw new Error(`no handler for job kind ${job.kind}`);
      const payload: unknown = JSON.parse(job.payload);
      await registration.handler(payload, {
        jobId: job.id,
        attempt: job.attempts,
        now: clock.now(),
      });
    } catch (error) {
      return fail(job, error);
    }
    await succeed(job);
  }

  async function drain(): Promise<number> {
    let ran = 0;
    const started = generation;
    const lane = async () => {
      while (generation === started) {
        const now = clock.now();
        const lockUntil = new Date(now.getTime() + lockMs);
        const job = await claimDueJob(db, { workerId, now, lockUntil });
        if (!job) return;
        await run(job);
        ran += 1;
      }
    };
    // Every lane ends before the pass does, even when one fails (the database went away).
    const lanes = await Promise.allSettled(Array.from({ length: concurrency }, lane));
    const failure = lanes.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return ran;
  }

  function runDue(): Promise<number> {
    const pass = drain();
    active.add(pass);
    return pass.finally(() => active.delete(pass));
  }

  const poller = createPoller(pollMs, async () => {
    try {
      await runDue();
    } catch (error) {
      logger.error({ workerId, error: messageOf(error) }, 'looking for due jobs failed');
    }
  });

  return {
    workerId,
    register(kind, handler, registerOptions) {
      handlers.set(kind, { ...registerOptions, handler });
    },
    every(kind, intervalMs) {
      intervals.set(kind, intervalMs);
    },
    async start() {
      const now = clock.now();
      for (const kind of intervals.keys()) {
        await enqueueJob(db, { kind, payload: null, dedupeKey: everyKey(kind) }, now);
      }
      poller.start();
      logger.info({ workerId }, 'job worker started');
    },
    async stop() {
      generation += 1;
      await poller.stop();
      await Promise.allSettled([...active]);
    },
    runDue,
    kick: () => poller.kick(),
  };
}
