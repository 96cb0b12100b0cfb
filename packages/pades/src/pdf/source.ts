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
