import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type ByteRange, type FileStorage } from './file-storage.ts';

async function syncPath(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under DATA_DIR/files. Each write goes to a temporary name, is flushed to disk and
 * then renamed, so a crash never leaves half a file under a key a record points to.
 */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, assertStorageKey(key));

  async function placeAtomically(target: string, write: (temporary: string) => Promise<void>) {
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.partial-${randomBytes(6).toString('hex')}`;
    try {
      await write(temporary);
      await syncPath(temporary);
      await rename(temporary, target);
      await syncPath(dirname(target));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'disk',
    async putFile(key, localPath) {
      // Copied, never moved: the caller's file stays where it is, whatever it does next.
      // A copy-on-write clone where the file system has them (no bytes copied), else a copy.
      await placeAtomically(pathOf(key), (temporary) =>
        copyFile(localPath, temporary, constants.COPYFILE_FICLONE),
      );
    },
    async read(key, range?: ByteRange): Promise<Readable> {
      const path = pathOf(key);
      await stat(path); // a missing file fails here, not half-way through a response
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async copy(sourceKey, targetKey) {
      await placeAtomically(pathOf(targetKey), (temporary) =>
        copyFile(pathOf(sourceKey), temporary),
      );
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
  };
}
