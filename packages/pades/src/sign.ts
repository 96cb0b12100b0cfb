import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createCadesSignature } from './cms/cades.ts';
import { both, copyInput, hashFile, sameFile } from './input-file.ts';
import { PdfDocument } from './pdf/document.ts';
import { prepareSignatureUpdate } from './pdf/signature-update.ts';
import { handleSource } from './pdf/source.ts';
import { PdfError } from './pdf/values.ts';
import type { Signer } from './signers/signer.ts';

export type PadesLevel = 'B-B' | 'B-T';

export interface SignPdfOptions {
  input: string;
  output: string;
  signer: Signer;
  level?: PadesLevel;
  /** Gets an RFC 3161 token for a SHA-256 digest; required from B-T up. */
  timestamp?: (digest: Buffer) => Promise<Buffer>;
  fieldName?: string;
  name?: string;
  reason?: string;
  location?: string;
  signingTime?: Date;
  /** Bytes reserved for the CMS; large enough for a chain and a time-stamp token. */
  contentsBytes?: number;
  /**
   * What a prepared (visible) field shows: the first line (the signer's name), then the
   * signing time in UTC, then the other lines. Only what the caller passes is shown, so a
   * personal identifier appears only when given. Unused for an invisible signature.
   * `showLevel: false` leaves out the 'PAdES <level>' line (the caller's lines say what
   * kind of signature it is in words a reader knows).
   */
  appearance?: { lines: string[]; showLevel?: boolean };
}

/** Where an appended signature's /Contents lies: the PDF /ByteRange and the bytes reserved. */
export interface SignaturePlaceholder {
  /** [0, offset of the '<' of /Contents, offset after its '>', bytes from there to the end]. */
  byteRange: [number, number, number, number];
  contentsBytes: number;
}

/** The hex text of /Contents: the CMS padded with zeros; refuses one that does not fit. */
function contentsHex(contents: Buffer, contentsBytes: number): Buffer {
  if (contents.length > contentsBytes)
    throw new PdfError(
      `the signature (${contents.length} bytes) does not fit the ${contentsBytes} reserved`,
    );
  return Buffer.from(contents.toString('hex').padEnd(contentsBytes * 2, '0'), 'latin1');
}

/**
 * Writes a CMS (or time-stamp token) into the reserved /Contents of `file` in place, padded
 * with zeros; refuses one that does not fit, writing nothing.
 */
export async function writeSignatureContents(
  file: string,
  placeholder: SignaturePlaceholder,
  contents: Buffer,
): Promise<void> {
  const hex = contentsHex(contents, placeholder.contentsBytes);
  const handle = await open(file, 'r+');
  try {
    await handle.write(hex, 0, hex.length, placeholder.byteRange[1] + 1);
  } finally {
    await handle.close();
  }
}

/**
 * Adds one incremental signature or document time stamp to `input`, writing `output`:
 * the input is copied unchanged, the update appended, the byte ranges hashed from the input,
 * and the CMS written into the reserved /Contents. Earlier signatures stay valid.
 * Answers where /Contents lies (contents that are empty leave it zeroed, to be filled later).
 *
 * The copy (by the kernel, in libuv's pool) and the hashing (here, from the page cache) run at
 * the same time; the update is then written once, with its CMS. Memory stays flat with size.
 *
 * The output is written beside its final name and renamed over it only when complete, so a
 * failure (or a crash) never leaves a half-written file nor loses an existing one; an existing
 * output keeps its mode. (Renaming is also far cheaper than truncating a large old output on a
 * file system that discards freed blocks synchronously.)
 */
export async function appendSignature(
  options: Omit<SignPdfOptions, 'signer' | 'level'> & {
    kind: 'signature' | 'timestamp';
    makeContents: (digest: Buffer) => Promise<Buffer>;
  },
): Promise<SignaturePlaceholder> {
  const contentsBytes = options.contentsBytes ?? 32 * 1024;
  const inputHandle = await open(options.input, 'r');
  try {
    const [stats, existing] = await both(
      inputHandle.stat(),
      stat(options.output).catch(() => undefined),
    );
    if (existing && existing.dev === stats.dev && existing.ino === stats.ino)
      throw new PdfError('the output must be another file than the input');
    const document = await PdfDocument.open(handleSource(inputHandle, stats.size));
    const prepared = await prepareSignatureUpdate(document, {
      contentsBytes,
      kind: options.kind,
      signingTime: options.signingTime ?? new Date(),
      ...(options.fieldName ? { fieldName: options.fieldName } : {}),
      ...(options.name ? { name: options.name } : {}),
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.location ? { location: options.location } : {}),
      ...(options.appearance ? { appearance: options.appearance } : {}),
    });
    const { update, contentsAt } = prepared;
    const inputSize = stats.size;
    const contentsStart = inputSize + contentsAt;
    const contentsEnd = contentsStart + contentsBytes * 2 + 2;
    const total = inputSize + update.length;
    const byteRange = `0 ${contentsStart} ${contentsEnd} ${total - contentsEnd}`.padEnd(
      prepared.byteRangeWidth,
      ' ',
    );
    update.write(byteRange, prepared.byteRangeAt, 'latin1');

    // The output side (create the partial file, copy) and the hash of the input run side by side.
    // An existing output that is a symbolic link is replaced where it points.
    const target = existing ? await realpath(options.output) : options.output;
    const partial = join(
      dirname(target),
      `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`,
    );
    const opening = open(partial, 'wx');
    const copying = copyInput(
      { path: options.input, handle: inputHandle, stats },
      { path: partial, opening, mode: existing ? existing.mode & 0o7777 : undefined },
    );
    const signing = (async () => {
      const hash = createHash('sha256');
      await hashFile(hash, inputHandle, inputSize);
      if (!sameFile(await inputHandle.stat(), stats))
        throw new PdfError('the input changed while it was being signed');
      hash.update(update.subarray(0, contentsAt));
      hash.update(update.subarray(contentsAt + contentsBytes * 2 + 2));
      // The CMS (perhaps a remote signature or a time stamp) is made once the output exists,
      // while the copy may still be running.
      await opening;
      return contentsHex(await options.makeContents(hash.digest()), contentsBytes);
    })();
    const [copied, signed] = await Promise.allSettled([copying, signing]);
    try {
      if (copied.status === 'rejected') throw copied.reason;
      const output = copied.value;
      try {
        if (signed.status === 'rejected') throw signed.reason;
        // The update goes in with one write, its /Contents already filled.
        signed.value.copy(update, contentsAt + 1);
        await output.write(update, 0, update.length, inputSize);
      } finally {
        await output.close();
      }
      await rename(partial, target);
    } catch (error) {
      // Only a partial file this call created is removed (`wx` refuses an existing one).
      await opening.then(
        () => unlink(partial).catch(() => undefined),
        () => undefined,
      );
      throw error;
    }
    return { byteRange: [0, contentsStart, contentsEnd, total - contentsEnd], contentsBytes };
  } finally {
    await inputHandle.close();
  }
}

/** The certificate subject's common name, or '' when it has none. */
function commonName(certificate: Buffer): string {
  return /^CN=(.*)$/m.exec(new X509Certificate(certificate).subject)?.[1] ?? '';
}

/** A line that already names a PAdES level, e.g. 'PAdES B-T' or 'Qualified (PAdES B-LTA)'. */
const namesLevel = (line: string) => /\bB-(?:B|T|LT|LTA)\b/.test(line);

/**
 * What a prepared field shows: the caller's lines, else /Name or the certificate's common
 * name; when the caller names a level, 'PAdES <level>' follows the first line, unless a line
 * already names one or the caller asks for none (showLevel: false).
 */
export function appearanceFor(
  options: Pick<SignPdfOptions, 'appearance' | 'name'> & { level?: string | undefined },
  certificate: Buffer,
): { lines: string[] } {
  const lines = options.appearance?.lines ?? [options.name ?? commonName(certificate)];
  if (!options.level || options.appearance?.showLevel === false || lines.some(namesLevel))
    return { lines };
  const [first = '', ...rest] = lines;
  return { lines: [first, `PAdES ${options.level}`, ...rest] };
}

/** Signs a PDF at PAdES baseline B-B (or B-T with a signature time stamp). */
export async function signPdf(options: SignPdfOptions): Promise<void> {
  const level = options.level ?? 'B-B';
  if (level !== 'B-B' && !options.timestamp) throw new Error(`${level} needs a time-stamp source`);
  await appendSignature({
    ...options,
    appearance: appearanceFor(options, options.signer.certificate),
    kind: 'signature',
    makeContents: (digest) =>
      createCadesSignature({
        contentDigest: digest,
        signer: options.signer,
        ...(level !== 'B-B' && options.timestamp ? { timestamp: options.timestamp } : {}),
      }),
  });
}
