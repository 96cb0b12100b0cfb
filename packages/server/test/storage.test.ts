import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../src/config/env.ts';
import { createFileStorage } from '../src/storage/create-storage.ts';
import { createDiskStorage } from '../src/storage/disk-storage.ts';
import { assertStorageKey, type FileStorage } from '../src/storage/file-storage.ts';
import { createS3Storage, ensureBucket } from '../src/storage/s3-storage.ts';
import { startS3Server, type TestS3Server } from './support/backends.ts';

const MiB = 1024 * 1024;
let workDir = '';
let s3Server: TestS3Server | undefined;
let s3Config: S3Config = {} as S3Config;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'esign-storage-'));
  s3Server = await startS3Server();
  s3Config = {
    endpoint: s3Server.endpoint,
    bucket: s3Server.bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
});

afterAll(async () => {
  await s3Server?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function temporaryFile(bytes: Buffer): Promise<string> {
  const path = join(workDir, `upload-${randomBytes(6).toString('hex')}`);
  await writeFile(path, bytes);
  return path;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}

/** Writes size random bytes one MiB at a time; answers their SHA-256. */
async function writeLargeFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const output = createWriteStream(path);
  for (let written = 0; written < size; written += MiB) {
    const chunk = randomBytes(Math.min(MiB, size - written));
    hash.update(chunk);
    if (!output.write(chunk)) await once(output, 'drain');
  }
  output.end();
  await once(output, 'finish');
  return hash.digest('hex');
}

/** Runs the operation while sampling RSS every 50 ms; answers its result and the peak growth in MB. */
async function withPeakRssGrowth<T>(operation: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.(); // when run with --expose-gc
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 50);
  try {
    const result = await operation();
    sample();
    return { result, growthMB: (peak - baseline) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

describe.each(['disk', 's3'] as const)('%s file storage', (kind) => {
  let storage: FileStorage = {} as FileStorage;
  const diskRoot = () => join(workDir, 'files');
  const data = randomBytes(3 * MiB + 12_345);

  beforeAll(() => {
    storage = kind === 'disk' ? createDiskStorage(diskRoot()) : createS3Storage(s3Config);
  });

  it('reads back exactly the bytes that were put', async () => {
    await storage.putFile('flows/roundtrip', await temporaryFile(data), 'application/pdf');
    expect((await readAll(await storage.read('flows/roundtrip'))).equals(data)).toBe(true);
  });

  it('reads the first byte, a middle range and the last byte of an object', async () => {
    await storage.putFile('flows/ranges', await temporaryFile(data), 'application/pdf');
    for (const [start, end] of [
      [0, 0],
      [1_000, 1_500_000],
      [data.length - 1, data.length - 1],
    ] as const) {
      const part = await readAll(await storage.read('flows/ranges', { start, end }));
      expect(part.equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it('copies into an independent object that outlives its source', async () => {
    await storage.putFile('flows/original', await temporaryFile(data), 'application/pdf');
    await storage.copy('flows/original', 'flows/copy');
    await storage.delete('flows/original');
    expect(await storage.exists('flows/original')).toBe(false);
    expect((await readAll(await storage.read('flows/copy'))).equals(data)).toBe(true);
  });

  it('deletes an object, and deleting it again is no error', async () => {
    expect(await storage.exists('flows/doomed')).toBe(false);
    await storage.putFile('flows/doomed', await temporaryFile(data), 'text/plain');
    expect(await storage.exists('flows/doomed')).toBe(true);
    await storage.delete('flows/doomed');
    expect(await storage.exists('flows/doomed')).toBe(false);
    await expect(storage.delete('flows/doomed')).resolves.toBeUndefined();
  });

  it('rejects reading or copying a missing key with ENOENT, as a missing file does', async () => {
    await expect(storage.read('flows/missing')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.read('flows/missing', { start: 0, end: 1 })).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(storage.copy('flows/missing', 'flows/other')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('refuses keys with dots, a leading slash or upper case', async () => {
    const source = await temporaryFile(data);
    for (const key of ['../escape', 'flows/../escape', '/absolute', 'Flows/upper', 'file.pdf']) {
      expect(() => assertStorageKey(key)).toThrow(/invalid storage key/);
      await expect(storage.putFile(key, source, 'text/plain')).rejects.toThrow(/invalid/);
      await expect(storage.read(key)).rejects.toThrow(/invalid/);
      await expect(storage.exists(key)).rejects.toThrow(/invalid/);
    }
  });

  // A store that buffered the file would grow by at least its size; a streaming one by its
  // buffers. The bound is well below the size but above what the rest of the shared test
  // process (garbage from other tests, the S3 double) adds while the 2 cores are loaded.
  const largeSize = 128 * MiB;
  const growthBoundMB = (0.6 * largeSize) / 1e6;

  it('streams a 128 MiB file in and out without holding it in memory', async () => {
    const source = join(workDir, `large-${kind}`);
    const expectedHash = await writeLargeFile(source, largeSize);
    const put = await withPeakRssGrowth(() =>
      storage.putFile('flows/large', source, 'application/pdf'),
    );
    const read = await withPeakRssGrowth(async () => sha256Of(await storage.read('flows/large')));
    console.info(
      `${kind}: 128 MiB put grew RSS by ${put.growthMB.toFixed(1)} MB, read by ${read.growthMB.toFixed(1)} MB`,
    );
    expect(read.result).toBe(expectedHash);
    expect(put.growthMB).toBeLessThan(growthBoundMB);
    expect(read.growthMB).toBeLessThan(growthBoundMB);
    await rm(source, { force: true });
  }, 180_000);

  it('leaves nothing under the key when a put fails half-way', async () => {
    const missingSource = join(workDir, 'no-such-upload');
    await expect(storage.putFile('flows/failed', missingSource, 'text/plain')).rejects.toThrow();
    expect(await storage.exists('flows/failed')).toBe(false);
    if (kind === 'disk') {
      const names = await readdir(join(diskRoot(), 'flows'));
      expect(names.filter((name) => name.includes('.partial-'))).toEqual([]);
    }
  });

  // Only the object store keeps a content type beside the bytes.
  if (kind === 's3') {
    it('stores the content type with the object', async () => {
      await storage.putFile('flows/typed', await temporaryFile(data), 'application/pdf');
      const client = new S3Client({
        endpoint: s3Config.endpoint,
        region: s3Config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const head = await client.send(
        new HeadObjectCommand({ Bucket: s3Config.bucket, Key: 'flows/typed' }),
      );
      client.destroy();
      expect(head.ContentType).toBe('application/pdf');
    });
  }
});

describe('ensureBucket', () => {
  it('creates a missing bucket, tolerating another node creating it at the same time', async () => {
    const config = { ...s3Config, bucket: 'esign-created' };
    await Promise.all([ensureBucket(config), ensureBucket(config)]);
    await ensureBucket(config);
    const storage = createS3Storage(config);
    await storage.putFile('flows/first', await temporaryFile(Buffer.from('hello')), 'text/plain');
    expect(await storage.exists('flows/first')).toBe(true);
  });
});

describe('createFileStorage', () => {
  const configWith = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: join(workDir, 'data'),
      SESSION_SECRET: 's'.repeat(32),
      ...env,
    });

  it('keeps files under DATA_DIR/files without S3 configuration', async () => {
    const config = configWith({});
    const storage = createFileStorage(config);
    expect(storage.kind).toBe('disk');
    await storage.putFile('flows/local', await temporaryFile(Buffer.from('hi')), 'text/plain');
    expect(existsSync(join(config.dataDir, 'files', 'flows', 'local'))).toBe(true);
  });

  it('uses S3 when a bucket is configured', async () => {
    const storage = createFileStorage(
      configWith({
        S3_ENDPOINT: s3Config.endpoint ?? '',
        S3_BUCKET: s3Config.bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    );
    expect(storage.kind).toBe('s3');
    await storage.putFile('flows/remote', await temporaryFile(Buffer.from('hi')), 'text/plain');
    expect(await createS3Storage(s3Config).exists('flows/remote')).toBe(true);
  });
});
