import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';

export interface JobContext {
  jobId: string;
  /** 1 on the first run; a run cut short by a crash counts too. */
  attempt: number;
  now: Date;
}

/**
 * Does one job. Delivery is at least once (a node that dies mid-job leaves a lock that
 * expires, and the job runs again), so a handler must be idempotent. Throwing retries it.
 */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/**
 * Runs when a job's last attempt failed: it makes the failure the domain's (a flow shown
 * failed to its sender), and the job is then done. If it throws, the job stays failed for an
 * operator, as it does without one.
 */
export type GiveUpHandler = (payload: unknown, error: unknown) => Promise<void>;

export interface JobRegistration {
  /** Wins over the one the job was queued with. */
  maxAttempts?: number;
  onGiveUp?: GiveUpHandler;
  /**
   * What of a job's payload may stay once it has failed for good and waits for an operator:
   * secrets it carried (a one-time code) are taken out. Without it the payload stays whole.
   */
  keptWhenFailed?: (payload: unknown) => unknown;
}

type LogMethod = (details: Record<string, unknown>, message: string) => void;
export interface JobLogger {
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}

export interface JobWorkerOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: JobLogger;
  workerId?: string;
  pollMs?: number;
  /** How long a claimed job is ours; past it another worker may take the job over. */
  lockMs?: number;
  /** Jobs this worker runs at once. */
  concurrency?: number;
}

export interface JobWorker {
  readonly workerId: string;
  register(kind: string, handler: JobHandler, options?: JobRegistration): void;
  /** Runs the kind every intervalMs, on one node at a time (one waiting job per kind). */
  every(kind: string, intervalMs: number): void;
  /** Queues the recurring jobs and starts polling. */
  start(): Promise<void>;
  /** Stops polling and claiming, and waits for the jobs that are running. */
  stop(): Promise<void>;
  /** Runs every job due at clock.now() until none is left; answers how many ran. */
  runDue(): Promise<number>;
  /** Looks for due jobs now instead of at the next poll (when started); does not wait. */
  kick(): void;
}
