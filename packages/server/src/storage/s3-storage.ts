import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config/env.ts';
import { assertStorageKey, type ByteRange, type FileStorage } from './file-storage.ts';
import { uploadFileToS3 } from './s3-multipart.ts';

function createClient(config: S3Config): S3Client {
  const credentials =
    config.accessKeyId && config.secretAccessKey
      ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
      : undefined; // the SDK's default chain: environment, instance role, ...
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials,
    // Newer SDKs send CRC32 checksums by default, which many S3-compatible servers refuse.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

// A missing bucket is a configuration fault, not a missing file.
const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.$metadata.httpStatusCode === 404 || ['NoSuchKey', 'NotFound'].includes(error.name));

/** Missing objects fail as a missing file does on disk, so callers treat both alike. */
function asMissingFile(error: unknown, key: string): unknown {
  if (!isNotFound(error)) return error;
  return Object.assign(new Error(`ENOENT: no such object '${key}'`, { cause: error }), {
    code: 'ENOENT',
  });
}

async function* firstBytes(source: Readable, length: number) {
  let remaining = length;
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    if (bytes.length >= remaining) {
      yield bytes.subarray(0, remaining);
      return; // ends the iteration, which destroys the rest of the response
    }
    remaining -= bytes.length;
    yield bytes;
  }
}

/**
 * Some S3-compatible servers (s3rver among them) answer `bytes=0-0` with the rest of the
 * object: keep to the bytes asked for, and refuse an answer that starts elsewhere.
 */
function withinRange(
  body: Readable,
  range: ByteRange,
  answer: { ContentLength?: number | undefined; ContentRange?: string | undefined },
): Readable {
  const wanted = range.end - range.start + 1;
  if (answer.ContentLength === undefined || answer.ContentLength <= wanted) return body;
  if (!answer.ContentRange?.startsWith(`bytes ${range.start}-`)) {
    body.destroy();
    throw new Error(`S3 answered ${answer.ContentRange ?? 'no range'} for bytes ${range.start}-`);
  }
  return Readable.from(firstBytes(body, wanted), { objectMode: false });
}

/**
 * Files in an S3-compatible bucket. An object appears only once its upload completes,
 * so a reader never sees part of one.
 */
export function createS3Storage(config: S3Config): FileStorage {
  const client = createClient(config);
  const Bucket = config.bucket;

  return {
    kind: 's3',
    async putFile(key, localPath, contentType) {
      const Key = assertStorageKey(key);
      await uploadFileToS3(client, { Bucket, Key, ContentType: contentType }, localPath);
    },
    async read(key, range?: ByteRange): Promise<Readable> {
      const Key = assertStorageKey(key);
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const response = await client
        .send(new GetObjectCommand({ Bucket, Key, Range }))
        .catch((error: unknown) => Promise.reject(asMissingFile(error, key)));
      if (!(response.Body instanceof Readable)) {
        throw new Error(`S3 answered no readable body for '${key}'`);
      }
      return range ? withinRange(response.Body, range, response) : response.Body;
    },
    async copy(sourceKey, targetKey) {
      const CopySource = `${Bucket}/${assertStorageKey(sourceKey)}`;
      // A single CopyObject handles objects up to 5 GB; larger ones would need a multipart
      // copy (UploadPartCopy), which uploads far below that limit do not call for.
      await client
        .send(new CopyObjectCommand({ Bucket, Key: assertStorageKey(targetKey), CopySource }))
        .catch((error: unknown) => Promise.reject(asMissingFile(error, sourceKey)));
    },
    async delete(key) {
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertStorageKey(key) }));
    },
    async exists(key) {
      const Key = assertStorageKey(key);
      return client.send(new HeadObjectCommand({ Bucket, Key })).then(
        () => true,
        (error: unknown) => {
          if (isNotFound(error)) return false;
          throw error;
        },
      );
    },
  };
}

/** Creates the configured bucket unless it exists; safe when several nodes start at once. */
export async function ensureBucket(config: S3Config): Promise<void> {
  const client = createClient(config);
  const Bucket = config.bucket;
  const headBucket = () => client.send(new HeadBucketCommand({ Bucket }));
  try {
    const found = await headBucket().then(
      () => true,
      (error: unknown) => {
        if (isNotFound(error)) return false;
        throw error;
      },
    );
    if (found) return;
    // AWS wants the region named for any region but us-east-1; other servers ignore it.
    const CreateBucketConfiguration =
      config.region === 'us-east-1'
        ? undefined
        : { LocationConstraint: config.region as BucketLocationConstraint };
    await client
      .send(new CreateBucketCommand({ Bucket, CreateBucketConfiguration }))
      .catch(async (error: unknown) => {
        if (error instanceof S3ServiceException && error.name === 'BucketAlreadyOwnedByYou') return;
        // Another node won the race (servers name that differently): fine if we can use it.
        await headBucket().catch(() => Promise.reject(error));
      });
  } finally {
    client.destroy();
  }
}
