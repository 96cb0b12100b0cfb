import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PkiError } from './errors.ts';

/**
 * Where the portal PKI keeps its files. `write` creates an entry and never replaces one: when
 * the name exists it rejects with a PkiError of code 'store-conflict' (fs 'wx' semantics), so
 * two processes creating the PKI at once cannot both win.
 */
export interface PkiStore {
  read(name: string): Promise<string | null>;
  write(name: string, content: string): Promise<void>;
}

const safeName = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A PkiStore over a directory: files of mode 0600, each appearing whole and only once. */
export function createDirectoryPkiStore(directory: string): PkiStore {
  const pathOf = (name: string): string => {
    if (!safeName.test(name)) throw new PkiError('invalid-input', `Invalid PKI file name ${name}`);
    return join(directory, name);
  };
  return {
    async read(name) {
      try {
        return await readFile(pathOf(name), 'utf8');
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return null;
        throw error;
      }
    },
    async write(name, content) {
      const target = pathOf(name);
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const temporary = join(directory, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      const file = await open(temporary, 'wx', 0o600);
      try {
        await file.writeFile(content, 'utf8');
        await file.sync();
      } finally {
        await file.close();
      }
      // link() is rename() that refuses to replace: the whole file appears under the name, or nothing.
      try {
        await link(temporary, target);
      } catch (error) {
        if (isErrno(error, 'EEXIST')) {
          throw new PkiError('store-conflict', `${name} already exists`, { cause: error });
        }
        throw error;
      } finally {
        await unlink(temporary);
      }
      await syncDirectory(directory);
    },
  };
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
