import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { scratchPrefixes, type Scratch } from './scratch.ts';

export interface ReceivedFile {
  path: string;
  size: number;
  sha256: string;
  /** Removes the temporary file (a no-op once storage has taken it over). */
  discard(): Promise<void>;
}

/**
 * Streams an upload to a temporary file under DATA_DIR/tmp, hashing it on the way, so
 * memory does not grow with the file and its content can be checked before it is kept.
 * The name carries the node's run, for the sweep after a crash.
 */
export async function receiveToTemporaryFile(
  stream: Readable,
  scratch: Scratch,
): Promise<ReceivedFile> {
  await mkdir(scratch.uploadDir, { recursive: true });
  const name = `${scratchPrefixes.upload}${scratch.tag}-${randomBytes(12).toString('hex')}`;
  const path = join(scratch.uploadDir, name);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const discard = () => rm(path, { force: true });
  try {
    await pipeline(stream, meter, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await discard();
    throw error;
  }
  return { path, size, sha256: hash.digest('hex'), discard };
}
