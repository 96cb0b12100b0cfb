import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStorage } from '../../src/storage/file-storage.ts';

/**
 * A small disk for the local file store. As root, a real one: a tmpfs of the given size
 * mounted on dir, which fails writes with ENOSPC when full. Where mounting is not allowed
 * (an unprivileged CI runner), the store is wrapped instead (withDiskQuota) so that a
 * write past the same size fails with the same ENOSPC error.
 */
export interface SmallDisk {
  /** true: a real tmpfs; false: the quota stands in for it. */
  mounted: boolean;
  bytes: number;
  unmount(): void;
}

/** The quota in force where no tmpfs could be mounted; null when none. */
export const simulatedDisk: { root: string | null; bytes: number } = { root: null, bytes: 0 };

export function mountSmallDisk(dir: string, bytes: number): SmallDisk {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
    return { mounted: true, bytes, unmount: () => execFileSync('umount', ['-l', dir]) };
  } catch {
    simulatedDisk.root = dir;
    simulatedDisk.bytes = bytes;
    return { mounted: false, bytes, unmount: () => (simulatedDisk.root = null) };
  }
}

/** The bytes of every file under dir. */
export async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

const noSpace = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });

/** The disk store under the simulated quota: a write that would not fit fails with ENOSPC. */
export function withDiskQuota(storage: FileStorage): FileStorage {
  const check = async (incoming: number) => {
    const root = simulatedDisk.root;
    if (root && (await bytesUnder(root).catch(() => 0)) + incoming > simulatedDisk.bytes)
      throw noSpace();
  };
  return {
    ...storage,
    async putFile(key, localPath, contentType) {
      await check((await stat(localPath)).size);
      return storage.putFile(key, localPath, contentType);
    },
    async copy(sourceKey, targetKey) {
      const root = simulatedDisk.root;
      await check(root ? (await stat(join(root, sourceKey))).size : 0);
      return storage.copy(sourceKey, targetKey);
    },
  };
}
