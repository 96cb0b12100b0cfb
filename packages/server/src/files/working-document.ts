import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { Clock } from '../time/clock.ts';
import { reserveStorageKeys } from './stored-objects.ts';

/** Runs work in a private temporary folder that is removed afterwards, whatever happens. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'esign-signing-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function downloadToFile(storage: FileStorage, key: string, path: string) {
  await pipeline(await storage.read(key), createWriteStream(path));
}

export interface StoredFile {
  id: string;
  storageKey: string;
  size: number;
  sha256: string;
}

/**
 * Stores a local file as a new object of the flow, its key reserved first; the caller records
 * it in a transaction that claims the key (claimStorageKeys), or discards it.
 */
export async function storeFlowFile(
  { db, storage, clock }: { db: Kysely<Database>; storage: FileStorage; clock: Clock },
  flowId: string,
  path: string,
): Promise<StoredFile> {
  const id = randomUUID();
  const storageKey = `flows/${flowId}/${id}`;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  const { size } = await stat(path);
  await reserveStorageKeys(db, [storageKey], clock.now());
  // The disk store may move the file into place: nothing of it is read after this.
  await storage.putFile(storageKey, path, 'application/pdf');
  return { id, storageKey, size, sha256: hash.digest('hex') };
}
