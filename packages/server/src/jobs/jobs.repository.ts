import { PostgresAdapter, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { Database, JobRow, JobsTable } from '../db/schema.ts';

export interface ClaimOptions {
  workerId: string;
  now: Date;
  lockUntil: Date;
}

/** Queues a job; a job whose dedupe key is already waiting or running is not added again. */
export async function insertJob(db: Kysely<Database>, row: Insertable<JobsTable>): Promise<void> {
  await db
    .insertInto('jobs')
    .values(row)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

/** Waiting, due, and not held by a live lock (an expired lock is a worker that died). */
function isDue(eb: ExpressionBuilder<Database, 'jobs'>, now: string) {
  return eb.and([
    eb('failed_at', 'is', null),
    eb('run_at', '<=', now),
    eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
  ]);
}

/**
 * Takes the oldest due job for this worker and counts the attempt. On PostgreSQL the row is
 * locked with SKIP LOCKED, so nodes racing for jobs never take the same one; SQLite has a
 * single writer, so one statement is already atomic.
 */
export async function claimDueJob(
  db: Kysely<Database>,
  { workerId, now, lockUntil }: ClaimOptions,
): Promise<JobRow | undefined> {
  const at = now.toISOString();
  const lock = {
    locked_by: workerId,
    locked_until: lockUntil.toISOString(),
    attempts: (eb: ExpressionBuilder<Database, 'jobs'>) => eb('attempts', '+', 1),
  };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return db
      .updateTable('jobs')
      .set(lock)
      .where('id', '=', (eb) =>
        eb.selectFrom('jobs').select('id').where(isDue(eb, at)).orderBy('run_at').limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('jobs')
      .select('id')
      .where((eb) => isDue(eb, at))
      .orderBy('run_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!due) return undefined;
    return trx
      .updateTable('jobs')
      .set(lock)
      .where('id', '=', due.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function deleteJob(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** Releases a failed run for another attempt at runAt, unless another worker has taken it over. */
export async function scheduleRetry(
  db: Kysely<Database>,
  job: { id: string; workerId: string; error: string; runAt: Date },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      last_error: job.error,
      run_at: job.runAt.toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.workerId)
    .execute();
}

/**
 * Gives a job up: it stays for an operator. Its dedupe key is released, because the key
 * only guards jobs that still wait, so the same work can be queued again.
 */
export async function markJobFailed(
  db: Kysely<Database>,
  job: { id: string; workerId: string; error: string; now: Date; payload?: string | undefined },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      ...(job.payload !== undefined ? { payload: job.payload } : {}),
      last_error: job.error,
      failed_at: job.now.toISOString(),
      dedupe_key: null,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.workerId)
    .execute();
}

/**
 * Makes the waiting job with this key due now, unless a live node holds it (its lock still
 * runs and its node beat since `liveSince`). Answers whether a job was made due.
 */
export async function releaseJobByKey(
  db: Kysely<Database>,
  dedupeKey: string,
  { now, liveSince }: { now: Date; liveSince: Date },
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set({ run_at: at, locked_by: null, locked_until: null })
    .where('dedupe_key', '=', dedupeKey)
    .where('failed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('locked_by', 'is', null),
        eb('locked_until', '<', at),
        eb(
          'locked_by',
          'not in',
          eb
            .selectFrom('nodes')
            .select('id')
            .where('ended_at', 'is', null)
            .where('last_seen_at', '>=', liveSince.toISOString()),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
