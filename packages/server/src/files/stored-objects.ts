import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { unavailabilityOf } from '../errors/unavailability.ts';
import type { FileStorage } from '../storage/file-storage.ts';

// An object in the store and its record in sign_flow_files are written in two steps, so
// either can be left without the other. The rule that keeps them in step: before an object
// is written its key is reserved in pending_file_deletions, and the transaction that records
// it claims the key back. A key still reserved after the grace period belongs to nothing and
// is removed by the sweep; an object is never removed while a record names it.

/** How long a reserved key may wait for its record before the sweep takes it for lost. */
export const reservationGraceMs = 3_600_000;
const sweepBatch = 500;

/**
 * Marks storage objects for removal, in the same transaction that drops their records.
 * `now` is the caller's clock; the system time stands in only for callers that do not pass
 * it yet (deleteSignFlow, auto-delete).
 */
export async function queueFileDeletions(db: Kysely<Database>, keys: string[], now: Date) {
  if (keys.length === 0) return;
  await db
    .insertInto('pending_file_deletions')
    .values(keys.map((storage_key) => ({ storage_key, created_at: now.toISOString() })))
    .onConflict((conflict) => conflict.column('storage_key').doNothing())
    .execute();
}

/**
 * Reserves keys about to be written, so that an object whose record never commits is found.
 * `now` as for queueFileDeletions (the caller not passing it yet: the qualified flow).
 */
export async function reserveStorageKeys(db: Kysely<Database>, keys: string[], now: Date) {
  await queueFileDeletions(db, keys, now);
}

/** The keys reserved or queued for removal, newest first (at most `limit`). */
export async function listReservedKeys(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pending_file_deletions')
    .select('storage_key')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}

/** Inside the transaction that records the objects: their keys are no longer up for removal. */
export async function claimStorageKeys(trx: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return;
  await trx.deleteFrom('pending_file_deletions').where('storage_key', 'in', keys).execute();
}

/** Removes objects from storage; what cannot be removed now stays queued for a later sweep. */
export async function removeStoredFiles(
  storage: FileStorage,
  keys: string[],
  db?: Kysely<Database>,
) {
  for (const key of keys) {
    try {
      await storage.delete(key);
      if (db)
        await db.deleteFrom('pending_file_deletions').where('storage_key', '=', key).execute();
    } catch {
      // left in pending_file_deletions; sweepPendingFileDeletions retries
    }
  }
}

async function recordedKeys(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  // A flow's files and a template's (templates/) are the two kinds of record that name objects.
  const [flowRows, templateRows] = await Promise.all([
    db
      .selectFrom('sign_flow_files')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute(),
    db
      .selectFrom('template_files')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute(),
  ]);
  return new Set([...flowRows, ...templateRows].map((row) => row.storage_key));
}

/**
 * After a transaction that was to record these objects failed or lost a race: removes the
 * ones no record names. When the database itself failed, the commit may still have landed
 * (the answer was lost, not the transaction), so nothing is removed now; the reservations
 * stay and the sweep decides once the database can say.
 */
export async function discardUnrecordedFiles(
  { db, storage }: { db: Kysely<Database>; storage: FileStorage },
  keys: string[],
  failure?: unknown,
) {
  if (failure !== undefined && unavailabilityOf(failure) !== null) return;
  let recorded: Set<string>;
  try {
    recorded = await recordedKeys(db, keys);
  } catch {
    return;
  }
  await removeStoredFiles(
    storage,
    keys.filter((key) => !recorded.has(key)),
    db,
  );
}

/**
 * Removes the objects whose keys have waited in pending_file_deletions longer than the
 * grace period: deletions that could not be done when their records went, and reservations
 * whose records never committed. A key that a record names is only released.
 */
export async function sweepPendingFileDeletions(
  db: Kysely<Database>,
  storage: FileStorage,
  now: Date,
  graceMs = reservationGraceMs,
) {
  const before = new Date(now.getTime() - graceMs).toISOString();
  // In batches by key; a key that could not be removed stays for the next sweep.
  for (let after = ''; ;) {
    const pending = await db
      .selectFrom('pending_file_deletions')
      .select('storage_key')
      .where('created_at', '<', before)
      .where('storage_key', '>', after)
      .orderBy('storage_key')
      .limit(sweepBatch)
      .execute();
    const keys = pending.map((row) => row.storage_key);
    const recorded = await recordedKeys(db, keys);
    await claimStorageKeys(db, [...recorded]);
    await removeStoredFiles(
      storage,
      keys.filter((key) => !recorded.has(key)),
      db,
    );
    if (keys.length < sweepBatch) return;
    after = keys[keys.length - 1] ?? '';
  }
}
