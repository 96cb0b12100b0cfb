import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

const partSize = 8 * 1024 * 1024;
const attempts = 3;

/** Runs a send that streams from a file; a failed attempt is retried with a fresh stream. */
async function withRetry<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}

/**
 * Uploads a local file to S3 part by part, each part streamed straight from the file, so
 * memory stays at a few buffers whatever the file's size. The object appears only when
 * the upload completes; a failed upload is aborted, leaving nothing behind.
 */
export async function uploadFileToS3(
  client: S3Client,
  target: { Bucket: string; Key: string; ContentType: string },
  localPath: string,
): Promise<void> {
  const { size } = await stat(localPath);
  if (size <= partSize) {
    await withRetry(() =>
      client.send(
        new PutObjectCommand({ ...target, Body: createReadStream(localPath), ContentLength: size }),
      ),
    );
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(target));
  const { Bucket, Key } = target;
  try {
    const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];
    for (let start = 0, PartNumber = 1; start < size; start += partSize, PartNumber += 1) {
      const end = Math.min(size, start + partSize) - 1;
      const { ETag } = await withRetry(() =>
        client.send(
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber,
            Body: createReadStream(localPath, { start, end }),
            ContentLength: end - start + 1,
          }),
        ),
      );
      parts.push({ ETag, PartNumber });
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
      .catch(() => undefined);
    throw error;
  }
}
