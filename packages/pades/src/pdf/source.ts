import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';

/** Random access to a PDF's bytes, from a file or from memory. */
export interface PdfSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** A source over bytes already in memory. */
export function bufferSource(buffer: Buffer): PdfSource {
  return {
    size: buffer.length,
    read: async (offset, length) =>
      buffer.subarray(offset, Math.min(buffer.length, offset + length)),
    close: async () => undefined,
  };
}

/** Reads only the parts asked for: memory does not grow with the file. */
export async function fileSource(path: string): Promise<PdfSource> {
  const handle: FileHandle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return handleSource(handle, size);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A source over an open file of `size` bytes; closing it closes the handle. */
export function handleSource(handle: FileHandle, size: number): PdfSource {
  return {
    size,
    async read(offset, length) {
      const wanted = Math.max(0, Math.min(length, size - offset));
      const buffer = Buffer.alloc(wanted);
      const { bytesRead } = await handle.read(buffer, 0, wanted, offset);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

/** The first `length` bytes of a source (the document as an earlier revision left it); closing it leaves the source open. */
export function prefixSource(source: PdfSource, length: number): PdfSource {
  const size = Math.max(0, Math.min(length, source.size));
  return {
    size,
    read: (offset, wanted) => source.read(offset, Math.max(0, Math.min(wanted, size - offset))),
    close: async () => undefined,
  };
}

/** `source` followed by `tail` (an update not yet written); closing it leaves the source open. */
export function appendedSource(source: PdfSource, tail: Buffer): PdfSource {
  const base = source.size;
  return {
    size: base + tail.length,
    async read(offset, length) {
      const end = Math.min(base + tail.length, offset + Math.max(0, length));
      const head = offset < base ? await source.read(offset, Math.min(end, base) - offset) : null;
      const rest = tail.subarray(Math.max(0, offset - base), Math.max(0, end - base));
      return head ? Buffer.concat([head, rest]) : rest;
    },
    close: async () => undefined,
  };
}

/**
 * `source` read ahead a block at a time: many small reads at rising offsets (every object of a
 * file, in order) cost about one read of the file. Closing it leaves the source open.
 */
export function readAheadSource(source: PdfSource, blockBytes = 1 << 20): PdfSource {
  let block: { start: number; data: Buffer } = { start: 0, data: Buffer.alloc(0) };
  return {
    size: source.size,
    async read(offset, length) {
      const end = Math.min(source.size, offset + Math.max(0, length));
      if (offset >= block.start && end <= block.start + block.data.length)
        return block.data.subarray(offset - block.start, end - block.start);
      if (length > blockBytes) return source.read(offset, length);
      block = { start: offset, data: await source.read(offset, blockBytes) };
      return block.data.subarray(0, end - offset);
    },
    close: async () => undefined,
  };
}

const chunk = 1 << 20;

/** The hash of exactly the bytes a /ByteRange names ([start, length, start, length...]), read a mebibyte at a time. */
export async function hashRanges(
  source: PdfSource,
  ranges: readonly number[],
  algorithm: string,
): Promise<Buffer> {
  const hash = createHash(algorithm);
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    const start = ranges[index] ?? 0;
    const end = start + (ranges[index + 1] ?? 0);
    for (let at = start; at < end; at += chunk)
      hash.update(await source.read(at, Math.min(chunk, end - at)));
  }
  return hash.digest();
}
