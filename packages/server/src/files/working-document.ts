import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../storage/file-storage.ts';
import { scratchPrefixes, type Scratch } from './scratch.ts';

/**
 * Runs work in a private temporary folder that is removed afterwards, whatever happens (but
 * a crash: then the sweep finds it by the run tag in its name).
 */
export async function withTempDir<T>(
  scratch: Scratch,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(scratch.workDir, `${scratchPrefixes.work}${scratch.tag}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function downloadToFile(storage: FileStorage, key: string, path: string) {
  await pipeline(await storage.read(key), createWriteStream(path));
}
