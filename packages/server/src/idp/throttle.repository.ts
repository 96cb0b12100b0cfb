import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A key's schedule at one moment, as instants the stored times are compared with. */
export interface ThrottleGate {
  /** Attempts counted without any wait. */
  free: number;
  /**
   * cutoffs[i]: with free + i attempts counted, the last one must be at or before this
   * instant for another to be made; the last entry holds for every count beyond it.
   */
  cutoffs: string[];
  /** A run whose last attempt is older than this is forgotten: the count starts again. */
  forgetBefore: string;
}

type Builder = ExpressionBuilder<Database, 'login_throttle'>;

const forgotten = (eb: Builder, gate: ThrottleGate) =>
  eb.or([
    eb('login_throttle.last_attempt_at', 'is', null),
    eb('login_throttle.last_attempt_at', '<', gate.forgetBefore),
  ]);

/** True when the key's schedule lets another attempt be made now. */
const mayTry = (eb: Builder, gate: ThrottleGate) =>
  eb.or([
    forgotten(eb, gate),
    eb('login_throttle.failures', '<', gate.free),
    ...gate.cutoffs.map((cutoff, index) =>
      eb.and([
        eb(
          'login_throttle.failures',
          index === gate.cutoffs.length - 1 ? '>=' : '=',
          gate.free + index,
        ),
        eb('login_throttle.last_attempt_at', '<=', cutoff),
      ]),
    ),
  ]);

/**
 * Counts one attempt under the key if its schedule allows one now, in one conditional
 * statement (an upsert whose update carries the condition, which PostgreSQL re-checks on
 * the locked row): of attempts racing on one key, exactly those the schedule allows are
 * counted. Answers whether this one was.
 */
export async function claimThrottledAttempt(
  db: Kysely<Database>,
  key: string,
  gate: ThrottleGate,
  now: string,
): Promise<boolean> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: now, last_attempt_at: now })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when(forgotten(eb, gate))
            .then(1)
            .else(eb('login_throttle.failures', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(forgotten(eb, gate))
            .then(now)
            .else(eb.ref('login_throttle.window_started_at'))
            .end(),
          last_attempt_at: now,
        }))
        .where((eb) => mayTry(eb, gate)),
    )
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findThrottle(db: Kysely<Database>, key: string) {
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Forgets the key's attempts. */
export async function deleteThrottle(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Takes one counted attempt back (it turned out to be a right password). */
export async function uncountAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/** Removes the rows of runs that are forgotten anyway; answers how many. */
export async function deleteForgottenThrottles(
  db: Kysely<Database>,
  forgetBefore: string,
): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.or([
        eb('last_attempt_at', '<', forgetBefore),
        eb.and([eb('last_attempt_at', 'is', null), eb('window_started_at', '<', forgetBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
