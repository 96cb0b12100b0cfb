import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Failures allowed per window: few for one account, more for one address (offices share one). */
export const maxAccountFailures = 5;
export const maxAddressFailures = 20;
export const throttleWindowMs = 15 * 60_000;

/** Keys a login attempt is counted under: the account and the address it came from. */
export const throttleKeys = (email: string, ip: string) => [
  `account:${email.trim().toLowerCase()}`,
  `address:${ip}`,
];

const limitOf = (key: string) =>
  key.startsWith('account:') ? maxAccountFailures : maxAddressFailures;

/** True while any key has had too many failures within the window. */
export async function isThrottled(db: Kysely<Database>, keys: string[], now: Date) {
  const rows = await db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
  return rows.some(
    (row) =>
      row.failures >= limitOf(row.key) &&
      now.getTime() - new Date(row.window_started_at).getTime() < throttleWindowMs,
  );
}

/**
 * Counts one failure under each key, starting a new window when the old one has passed;
 * answers true when this failure locked a key out (it reached the key's limit).
 */
export async function recordLoginFailure(
  db: Kysely<Database>,
  keys: string[],
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let lockedOut = false;
    for (const key of keys) {
      const row = await trx
        .selectFrom('login_throttle')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
      const windowOpen =
        row && now.getTime() - new Date(row.window_started_at).getTime() < throttleWindowMs;
      if ((windowOpen ? row.failures + 1 : 1) === limitOf(key)) lockedOut = true;
      if (!row) {
        await trx
          .insertInto('login_throttle')
          .values({ key, failures: 1, window_started_at: now.toISOString() })
          .onConflict((conflict) =>
            conflict
              .column('key')
              .doUpdateSet((eb) => ({ failures: eb('login_throttle.failures', '+', 1) })),
          )
          .execute();
      } else if (windowOpen) {
        await trx
          .updateTable('login_throttle')
          .set((eb) => ({ failures: eb('failures', '+', 1) }))
          .where('key', '=', key)
          .execute();
      } else {
        await trx
          .updateTable('login_throttle')
          .set({ failures: 1, window_started_at: now.toISOString() })
          .where('key', '=', key)
          .execute();
      }
    }
    return lockedOut;
  });
}

/** Removes counts whose window has passed: they no longer throttle anyone. */
export async function purgeStaleThrottleRows(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - throttleWindowMs).toISOString();
  const result = await db
    .deleteFrom('login_throttle')
    .where('window_started_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A successful login clears the account's count (not the address's). */
export async function clearAccountFailures(db: Kysely<Database>, email: string) {
  await db
    .deleteFrom('login_throttle')
    .where('key', '=', `account:${email.trim().toLowerCase()}`)
    .execute();
}
