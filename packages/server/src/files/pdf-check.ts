import { open } from 'node:fs/promises';
import {
  checkCompletable,
  findActiveContentIn,
  lastStartxref,
  PdfError,
  startxrefSearchBytes,
} from '@esign/pades';

export type PdfProblem = 'notPdf' | 'encrypted' | 'activeContent';

async function readAt(path: string, position: number, length: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

/** The trailer dictionary text the last cross-reference section points to, or null. */
async function lastTrailer(path: string, size: number): Promise<string | null> {
  // As readers do, and as signing will: bytes after %%EOF (a NUL, a line) are read past.
  const tailStart = Math.max(0, size - startxrefSearchBytes);
  const offset = lastStartxref(await readAt(path, tailStart, size - tailStart));
  if (offset === undefined || offset <= 0 || offset >= size) return null;
  const section = await readAt(path, offset, Math.min(64 * 1024, size - offset));
  if (section.startsWith('xref')) {
    const at = section.indexOf('trailer');
    if (at === -1) return null;
    const end = section.indexOf('startxref', at);
    return section.slice(at, end === -1 ? at + 4096 : end);
  }
  // A cross-reference stream: the object's dictionary is its trailer.
  if (/^\d+\s+\d+\s+obj\b/.test(section) && /\/Type\s*\/XRef\b/.test(section.slice(0, 4096))) {
    return section.slice(0, section.indexOf('stream') === -1 ? 4096 : section.indexOf('stream'));
  }
  return null;
}

/**
 * Checks that a stored file really is a PDF we can sign: the header, the last `startxref`
 * near the end, the cross-reference section it names and its trailer with a document catalog.
 * Reads a few kilobytes, whatever the file's size. Encrypted files are refused.
 */
export async function checkPdf(path: string, size: number): Promise<PdfProblem | null> {
  if (size < 64) return 'notPdf';
  const head = await readAt(path, 0, 1024);
  if (!/%PDF-\d\.\d/.test(head)) return 'notPdf';
  const trailer = await lastTrailer(path, size);
  if (trailer === null || !/\/Root\s+\d+\s+\d+\s+R/.test(trailer)) return 'notPdf';
  if (/\/Encrypt\b/.test(trailer)) return 'encrypted';
  return null;
}

/**
 * Checks a file to sign as deeply as sending, signing and completion will read it (pades'
 * checkCompletable), so that a document that could never be finished is refused at upload,
 * and refuses one with active content (scripts, actions that run by themselves, embedded
 * files, XFA), which could show or do something else than the pages a signer reads.
 */
export async function checkSignablePdf(path: string, size: number): Promise<PdfProblem | null> {
  const problem = await checkPdf(path, size);
  if (problem !== null) return problem;
  try {
    await checkCompletable(path);
    // What a person signs must be what they see: no scripts, automatic actions or attachments.
    return (await findActiveContentIn(path)).length > 0 ? 'activeContent' : null;
  } catch (error) {
    if (error instanceof PdfError) return 'notPdf';
    throw error;
  }
}
