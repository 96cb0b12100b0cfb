import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface JobQueueState {
  /** Not failed: due, running, or scheduled for later. */
  waiting: number;
  /** Ready to run and held by no live lock, the same rule as claimDueJob's. */
  due: number;
  /** Gave up after the last attempt; kept for an operator. */
  failed: number;
  /** run_at of the oldest due job; null when none is due. */
  oldestDueAt: Date | null;
}

const count = (value: string | number | bigint | undefined) => Number(value ?? 0);

/**
 * Reads the queue in three aggregate queries that the jobs_due index (failed_at, run_at)
 * answers; successful jobs are deleted, so the table stays small anyway.
 */
export async function readJobQueueState(db: Kysely<Database>, now: Date): Promise<JobQueueState> {
  const at = now.toISOString();
  const [waiting, failed, due] = await Promise.all([
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('failed_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('failed_at', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('jobs')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('count'),
        eb.fn.min('run_at').as('oldest'),
      ])
      .where('failed_at', 'is', null)
      .where('run_at', '<=', at)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst(),
  ]);
  return {
    waiting: count(waiting?.count),
    failed: count(failed?.count),
    due: count(due?.count),
    oldestDueAt: due?.oldest ? new Date(due.oldest) : null,
  };
}
