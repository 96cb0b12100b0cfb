import { validationKeys } from '@esign/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../errors/app-error.ts';
import { receiveToTemporaryFile, type ReceivedFile } from './receive-upload.ts';
import type { Scratch } from './scratch.ts';

/** Room for the multipart framing around the file: the boundaries and the part's headers. */
const framingBytes = 64 * 1024;

/**
 * What an upload call accepts: one part, the file in the field 'file', with the few headers
 * a browser gives a part. A text field, a second part or a second file is refused as soon as
 * its headers arrive, before any of it is kept (busboy skips what follows a limit).
 */
export const uploadLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  parts: 1,
  fields: 0,
  fieldSize: 0,
  headerPairs: 8,
});

// @fastify/multipart's errors when a limit above is reached (each a 413).
const limitErrors = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const codeOf = (error: unknown) => (error as { code?: unknown }).code;

const fileIssue = (code: ErrorCode, key: string, params?: Record<string, number>) =>
  new AppError(code, { issues: [{ path: 'file', key, ...(params ? { params } : {}) }] });

/** The limit in MB with one decimal, as the message shows it. */
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const tooLarge = (maxBytes: number) =>
  fileIssue('payloadTooLarge', validationKeys.fileTooLarge, { max: megabytes(maxBytes) });

/** What went wrong while reading the parts, in the API's terms; anything else as it was. */
function refusalOf(error: unknown, maxBytes: number): unknown {
  if (codeOf(error) === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return fileIssue('validation', validationKeys.required);
  if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (limitErrors.has(String(codeOf(error))))
    return fileIssue('payloadTooLarge', validationKeys.invalidValue);
  return error;
}

/**
 * Route hook (onRequest): an upload whose declared Content-Length is over the limit is
 * refused before a byte of its body is read.
 */
export function refuseDeclaredOversize(maxBytes: number) {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + framingBytes) throw tooLarge(maxBytes);
  };
}

/**
 * Reads the request's one part, the file in the field 'file', to a temporary file in the
 * scratch directory, named with the node's run (for the sweep after a crash); refuses a
 * missing, too large or unexpected part, and a file whose cleaned name is empty (before
 * reading it). Answers the cleaned name and the file.
 */
export async function receiveUploadedFile(
  request: FastifyRequest,
  options: { maxBytes: number; scratch: Scratch; cleanName: (raw: string) => string },
): Promise<{ fileName: string; received: ReceivedFile }> {
  const { maxBytes, scratch } = options;
  const parts = request.parts({ limits: uploadLimits(maxBytes) });
  let first;
  try {
    first = await parts.next();
  } catch (error) {
    throw refusalOf(error, maxBytes);
  }
  const part = first.done ? undefined : first.value;
  if (part?.type !== 'file' || part.fieldname !== 'file')
    throw fileIssue('validation', validationKeys.required);
  const fileName = options.cleanName(part.filename);
  if (fileName === '') throw fileIssue('validation', validationKeys.required);
  // At the size limit the rest of the file is not read at all (busboy would drain it).
  const { file } = part;
  file.once('limit', () => file.destroy(tooLarge(maxBytes)));
  let received: ReceivedFile;
  try {
    received = await receiveToTemporaryFile(file, scratch);
  } catch (error) {
    throw refusalOf(error, maxBytes);
  }
  if (file.truncated) {
    await received.discard();
    throw tooLarge(maxBytes);
  }
  // Nothing may follow the file: another part is refused rather than skipped.
  try {
    const rest = await parts.next();
    if (!rest.done) throw fileIssue('payloadTooLarge', validationKeys.invalidValue);
  } catch (error) {
    await received.discard();
    throw refusalOf(error, maxBytes);
  }
  return { fileName, received };
}
