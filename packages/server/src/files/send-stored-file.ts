import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import { z } from 'zod';
import type { FileRow } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { cleanFileName } from './file-name.ts';

const fileBytes = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.unknown() } },
});

/** What sendStoredFile answers, for a route's schema: the file, a byte range of it, or 416. */
export function storedFileResponses(what: string, mediaType = 'application/octet-stream') {
  return {
    200: fileBytes(
      mediaType,
      `${what}: its bytes, with its Content-Type, its name in Content-Disposition and its SHA-256 as the ETag.`,
    ),
    206: fileBytes(mediaType, 'The one byte range the Range header asked for, with Content-Range.'),
    416: z.null().meta({
      description: 'The Range is outside the file: Content-Range gives its length; no body.',
    }),
  };
}

/** Streams a stored file with its type and name, honouring a single byte range (206). */
export async function sendStoredFile(
  deps: { storage: FileStorage },
  request: FastifyRequest,
  reply: FastifyReply,
  file: Pick<FileRow, 'size' | 'content_type' | 'file_name' | 'sha256' | 'storage_key'>,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  const size = Number(file.size);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Content-Type', file.content_type);
  const name = cleanFileName(file.file_name);
  reply.header('Content-Disposition', contentDisposition(name, { type: disposition }));
  reply.header('ETag', `"${file.sha256}"`);
  const header = request.headers.range;
  const ranges = header ? rangeParser(size, header, { combine: true }) : -2;
  if (ranges === -1) {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
  const stream = await deps.storage.read(file.storage_key, range);
  if (range) {
    reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', size);
  }
  return reply.send(stream);
}
