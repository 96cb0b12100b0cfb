import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
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

const partialMark = '.partial-';

/**
 * Files under DATA_DIR/files. Each write goes to a temporary name, is flushed to disk and
 * then renamed, so a crash never leaves half a file under a key a record points to. The
 * temporary name is `<key>.partial-<tag>-<random>`: `tag` names the node's run, so that a
 * sweep can tell a copy a dead run left from one being written.
 */
export function createDiskStorage(root: string, tag?: string): FileStorage {
  const pathOf = (key: string) => join(root, assertStorageKey(key));

  /** The half-written copies beside key, with what follows '.partial-' in their names. */
  async function partialsOf(key: string) {
    const path = pathOf(key);
    const prefix = `${basename(path)}${partialMark}`;
    const names = await readdir(dirname(path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return names
      .filter((name) => name.startsWith(prefix))
      .map((name) => ({ path: join(dirname(path), name), suffix: name.slice(prefix.length) }));
  }

  async function removePartials(
    key: string,
    abandoned: (suffix: string, modifiedAt: Date) => boolean,
  ): Promise<number> {
    let removed = 0;
    for (const partial of await partialsOf(key)) {
      const modifiedAt = await stat(partial.path).then(
        (info) => info.mtime,
        () => null,
      );
      if (modifiedAt === null || !abandoned(partial.suffix, modifiedAt)) continue;
      await rm(partial.path, { force: true });
      removed += 1;
    }
    return removed;
  }

  async function placeAtomically(target: string, write: (temporary: string) => Promise<void>) {
    await mkdir(dirname(target), { recursive: true });
    const random = randomBytes(6).toString('hex');
    const temporary = `${target}${partialMark}${tag ? `${tag}-` : ''}${random}`;
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
      // A key is written once: a copy still beside it is one whose write never finished.
      await removePartials(key, () => true);
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    removePartials,
  };
}
