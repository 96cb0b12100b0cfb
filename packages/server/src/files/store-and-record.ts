import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { Clock } from '../time/clock.ts';
import { claimStorageKeys, discardUnrecordedFiles, reserveStorageKeys } from './stored-objects.ts';

/*
 * The one way the portal writes an object that a database record names. An object and its
 * record cannot be written atomically together, so the order is fixed:
 *   1. reserve the keys (pending_file_deletions): an object whose record never commits is
 *      found and removed by the sweep, even if this process dies next;
 *   2. store the objects (a local file is copied in; the caller's file stays where it is);
 *   3. one transaction writes the records — and whatever else goes with them — and claims
 *      the keys back;
 *   4. a failure in 2 or 3, or a record step that lost a race, removes the objects no record
 *      names; when the database's answer was lost (the commit may have landed) nothing is
 *      removed now and the sweep decides once the database can say.
 * A transaction that spans storage is not possible; this is the rule that replaces it
 * (docs/decisions.md, 'Objects and their records').
 */

/** The storage key of a flow's object (made by the server, never from a user's file name). */
export function flowObjectKey(flowId: string, fileId: string): string {
  return `flows/${flowId}/${fileId}`;
}

/** Where an object's bytes come from. */
export type ObjectSource =
  { key: string; file: string; contentType: string } | { key: string; copyOf: string };

/** A flow's file as it was stored: its record's id, key, size and SHA-256. */
export interface StoredFile {
  id: string;
  storageKey: string;
  size: number;
  sha256: string;
}

/** What the record step knows of a stored local file: its size and SHA-256, read before storing. */
export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/** What was stored under key (the record step's look-up). */
export function storedAt(stored: StoredObject[], key: string): StoredObject {
  const found = stored.find((object) => object.key === key);
  if (!found) throw new Error(`nothing was stored under ${key}`);
  return found;
}

/** A record step's answer when another change won meanwhile: nothing of it is kept. */
export const lostRace: unique symbol = Symbol('lostRace');
export type LostRace = typeof lostRace;

export interface StoreDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  clock: Clock;
}

async function describe(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { size: (await stat(path)).size, sha256: hash.digest('hex') };
}

/**
 * Steps 1 and 2 alone: the objects stored under reserved keys, for an object that waits for
 * something outside the portal before it is recorded or dropped (a Qualified signature's
 * prepared document). Its reservation stays until discardUnrecordedFiles or the sweep.
 */
export async function storeReserved(
  deps: StoreDeps,
  objects: ObjectSource[],
): Promise<StoredObject[]> {
  const keys = objects.map((object) => object.key);
  await reserveStorageKeys(deps.db, keys, deps.clock.now());
  try {
    const stored: StoredObject[] = [];
    for (const object of objects) {
      if ('copyOf' in object) {
        await deps.storage.copy(object.copyOf, object.key);
        stored.push({ key: object.key, size: -1, sha256: '' });
      } else {
        const described = await describe(object.file);
        await deps.storage.putFile(object.key, object.file, object.contentType);
        stored.push({ key: object.key, ...described });
      }
    }
    return stored;
  } catch (error) {
    await discardUnrecordedFiles(deps, keys, error);
    throw error;
  }
}

/**
 * Stores the objects and records them (steps 1 to 4). `record` runs in the transaction with
 * what was stored, in the order given; it answers its result, or lostRace to keep nothing
 * (its writes are rolled back). Throwing rolls back too; either way the stored objects go.
 */
export async function storeAndRecord<T>(
  deps: StoreDeps,
  objects: ObjectSource[],
  record: (trx: Kysely<Database>, stored: StoredObject[]) => Promise<T | LostRace>,
): Promise<T | LostRace> {
  const keys = objects.map((object) => object.key);
  const stored = await storeReserved(deps, objects);
  const rollback = new Error('the record step lost a race');
  let result: T | LostRace = lostRace;
  try {
    await deps.db.transaction().execute(async (trx) => {
      result = await record(trx, stored);
      if (result === lostRace) throw rollback;
      await claimStorageKeys(trx, keys);
    });
  } catch (error) {
    if (error === rollback) {
      await discardUnrecordedFiles(deps, keys);
      return lostRace;
    }
    await discardUnrecordedFiles(deps, keys, error);
    throw error;
  }
  return result;
}
