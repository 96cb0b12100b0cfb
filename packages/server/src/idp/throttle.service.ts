import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  addFailure,
  deleteThrottleRow,
  findThrottleRow,
  insertFirstFailure,
  listThrottleRows,
  restartWindow,
} from './throttle.repository.ts';

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
  const rows = await listThrottleRows(db, keys);
  return rows.some(
    (row) =>
      row.failures >= limitOf(row.key) &&
      now.getTime() - new Date(row.window_started_at).getTime() < throttleWindowMs,
  );
}

/** Counts one failure under each key, starting a new window when the old one has passed. */
export async function recordLoginFailure(db: Kysely<Database>, keys: string[], now: Date) {
  await db.transaction().execute(async (trx) => {
    for (const key of keys) {
      const row = await findThrottleRow(trx, key);
      const windowOpen =
        row && now.getTime() - new Date(row.window_started_at).getTime() < throttleWindowMs;
      if (!row) await insertFirstFailure(trx, key, now);
      else if (windowOpen) await addFailure(trx, key);
      else await restartWindow(trx, key, now);
    }
  });
}

/** A successful login clears the account's count (not the address's). */
export async function clearAccountFailures(db: Kysely<Database>, email: string) {
  await deleteThrottleRow(db, `account:${email.trim().toLowerCase()}`);
}
