import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../storage/file-storage.ts';

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
