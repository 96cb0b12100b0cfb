// Reading the input while it is signed: hashing it, copying it to the output beside that,
// and noticing when it changes under us.
import type { Hash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { copyFile, stat, type FileHandle } from 'node:fs/promises';
import { PdfError } from './pdf/values.ts';

/** Bytes per read while hashing the input: few system calls, two buffers reused throughout. */
const readChunk = 4 * 1024 * 1024;

/**
 * Hashes the first `size` bytes of an open file: two buffers take turns, the next read
 * running (in libuv's pool) while this thread hashes the chunk before it.
 */
export async function hashFile(hash: Hash, handle: FileHandle, size: number): Promise<void> {
  const length = Math.max(1, Math.min(readChunk, size));
  let current = Buffer.allocUnsafe(length);
  let next = Buffer.allocUnsafe(length);
  let position = 0;
  let reading = size > 0 ? handle.read(current, 0, Math.min(length, size), 0) : undefined;
  while (reading) {
    const { bytesRead } = await reading;
    if (bytesRead === 0) throw new PdfError('the input changed while it was being signed');
    position += bytesRead;
    reading =
      position < size
        ? handle.read(next, 0, Math.min(length, size - position), position)
        : undefined;
    hash.update(current.subarray(0, bytesRead));
    [current, next] = [next, current];
  }
}

/** Copies the first `size` bytes of `from` to the start of `to` through one reused buffer. */
async function copyThroughBuffer(from: FileHandle, to: FileHandle, size: number): Promise<void> {
  const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(readChunk, size)));
  for (let position = 0; position < size;) {
    const wanted = Math.min(buffer.length, size - position);
    const { bytesRead } = await from.read(buffer, 0, wanted, position);
    if (bytesRead === 0) throw new PdfError('the input changed while it was being signed');
    await to.write(buffer, 0, bytesRead, position);
    position += bytesRead;
  }
}

/**
 * Copies the input into the output just created: by the kernel
 * (`copyFile`, i.e. copy_file_range from the page cache, with no copy through this process),
 * else through a buffer when the file system refuses that. Answers the open output.
 */
export async function copyInput(
  input: { path: string; handle: FileHandle; stats: Stats },
  output: { path: string; opening: Promise<FileHandle>; mode: number | undefined },
): Promise<FileHandle> {
  const handle = await output.opening;
  try {
    const mode = output.mode ?? (await handle.stat()).mode & 0o7777;
    try {
      await copyFile(input.path, output.path);
      // copyFile opens the input by its name: it must still be the file hashed
      if (!sameFile(await stat(input.path), input.stats))
        throw new PdfError('the input changed while it was being signed');
    } catch (error) {
      if (error instanceof PdfError) throw error;
      // e.g. a file system that refuses the fchmod copyFile does
      await handle.truncate(0);
      await copyThroughBuffer(input.handle, handle, input.stats.size);
    }
    const copied = await handle.stat();
    if (copied.size !== input.stats.size)
      throw new PdfError('the input changed while it was being signed');
    // copyFile gives the output the input's mode: keep a new file's usual one, or the mode of
    // the output it replaces
    if ((copied.mode & 0o7777) !== mode) await handle.chmod(mode);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The same file, not changed since `before` was taken. */
export function sameFile(now: Stats, before: Stats): boolean {
  return (
    now.dev === before.dev &&
    now.ino === before.ino &&
    now.size === before.size &&
    now.mtimeMs === before.mtimeMs
  );
}

/** Waits for both promises, then throws the first rejection (none is left unhandled). */
export async function both<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}
