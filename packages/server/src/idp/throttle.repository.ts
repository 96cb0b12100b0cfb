import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// Failed logins counted per key (an account, an address) within a window.

export function listThrottleRows(db: Kysely<Database>, keys: string[]) {
  return db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
}

export function findThrottleRow(db: Kysely<Database>, key: string) {
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

/** The first failure of a key; one counted meanwhile by another request is added to. */
export async function insertFirstFailure(db: Kysely<Database>, key: string, now: Date) {
  await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_started_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ failures: eb('login_throttle.failures', '+', 1) })),
    )
    .execute();
}

export async function addFailure(db: Kysely<Database>, key: string) {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('key', '=', key)
    .execute();
}

/** Starts the key's window anew from now, with this one failure. */
export async function restartWindow(db: Kysely<Database>, key: string, now: Date) {
  await db
    .updateTable('login_throttle')
    .set({ failures: 1, window_started_at: now.toISOString() })
    .where('key', '=', key)
    .execute();
}

export async function deleteThrottleRow(db: Kysely<Database>, key: string) {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
