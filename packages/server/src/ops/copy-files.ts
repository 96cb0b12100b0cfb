import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { assertStorageKey, type FileStorage } from '../storage/file-storage.ts';
import { listFileRecords } from './ops.repository.ts';

export interface FileCheck {
  /** Files recorded in sign_flow_files. */
  recorded: number;
  /** Of them, copied into the target store (none when it is the same disk). */
  copied: number;
  /** Of them, read back from the target store with the recorded size and SHA-256. */
  verified: number;
  problems: string[];
}

async function hashOf(storage: FileStorage, key: string) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await storage.read(key)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Puts every recorded file from the old DATA_DIR/files into the target store (unless that
 * is the very same folder), then reads each back and checks its size and SHA-256 against
 * its record in sign_flow_files.
 */
export async function copyAndVerifyFiles(options: {
  db: Kysely<Database>;
  sourceDir: string;
  target: FileStorage;
  /** The target store is sourceDir itself: nothing to copy, only to check. */
  sameFolder: boolean;
  log: (line: string) => void;
}): Promise<FileCheck> {
  const { db, sourceDir, target, sameFolder, log } = options;
  const files = await listFileRecords(db);
  const check: FileCheck = { recorded: files.length, copied: 0, verified: 0, problems: [] };
  const scratch = await mkdtemp(join(tmpdir(), 'esign-migrate-'));
  try {
    for (const file of files) {
      const key = file.storage_key;
      try {
        if (!sameFolder) {
          const path = join(sourceDir, assertStorageKey(key));
          await stat(path);
          // The disk store moves the file it is given into place: give it a copy.
          const local = target.kind === 'disk' ? join(scratch, 'file') : path;
          if (local !== path) await copyFile(path, local);
          await target.putFile(key, local, file.content_type);
          check.copied += 1;
        }
        const stored = await hashOf(target, key);
        if (stored.sha256 !== file.sha256 || stored.size !== Number(file.size)) {
          check.problems.push(
            `${key}: ${stored.size} bytes with SHA-256 ${stored.sha256}, recorded ${file.size} bytes with ${file.sha256}`,
          );
        } else {
          check.verified += 1;
        }
      } catch (error) {
        check.problems.push(`${key}: ${(error as Error).message}`);
      }
      if ((check.copied + check.problems.length) % 500 === 0 && check.copied > 0)
        log(`files: ${check.copied} of ${files.length} copied`);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return check;
}
