import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

const textSampleBytes = 64 * 1024;

/** Plain text: no NUL bytes and valid UTF-8 in the first 64 KiB. */
async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(textSampleBytes);
    const { bytesRead } = await handle.read(buffer, 0, textSampleBytes, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (bytesRead === 0 || sample.includes(0)) return false;
    // A multi-byte character cut at the sample's end is still text.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
      decoder.decode(sample, { stream: bytesRead === textSampleBytes });
      return true;
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}

/** A type read from a file's content: its media type and the extension that names it. */
export interface DetectedType {
  mime: string;
  extension: string;
}

/** The file's type from its content, never from its name; null when unknown. */
export async function detectContentType(path: string): Promise<DetectedType | null> {
  const detected = await fileTypeFromFile(path);
  if (detected) return { mime: detected.mime, extension: detected.ext };
  return (await looksLikeText(path)) ? { mime: 'text/plain', extension: 'txt' } : null;
}
