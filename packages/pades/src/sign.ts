import { createHash, X509Certificate } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createCadesSignature } from './cms/cades.ts';
import { PdfDocument } from './pdf/document.ts';
import { prepareSignatureUpdate } from './pdf/signature-update.ts';
import { fileSource } from './pdf/source.ts';
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
   */
  appearance?: { lines: string[] };
}

/** Where an appended signature's /Contents lies: the PDF /ByteRange and the bytes reserved. */
export interface SignaturePlaceholder {
  /** [0, offset of the '<' of /Contents, offset after its '>', bytes from there to the end]. */
  byteRange: [number, number, number, number];
  contentsBytes: number;
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
  const { contentsBytes } = placeholder;
  if (contents.length > contentsBytes)
    throw new PdfError(
      `the signature (${contents.length} bytes) does not fit the ${contentsBytes} reserved`,
    );
  const hex = Buffer.from(contents.toString('hex').padEnd(contentsBytes * 2, '0'), 'latin1');
  const handle = await open(file, 'r+');
  try {
    await handle.write(hex, 0, hex.length, placeholder.byteRange[1] + 1);
  } finally {
    await handle.close();
  }
}

/**
 * Adds one incremental signature or document time stamp to `input`, writing `output`:
 * the input is streamed through unchanged, the update appended, the byte ranges hashed
 * from the file, and the CMS written into the reserved /Contents. Earlier signatures stay valid.
 * Answers where /Contents lies (contents that are empty leave it zeroed, to be filled later).
 */
export async function appendSignature(
  options: Omit<SignPdfOptions, 'signer' | 'level'> & {
    kind: 'signature' | 'timestamp';
    makeContents: (digest: Buffer) => Promise<Buffer>;
  },
): Promise<SignaturePlaceholder> {
  const contentsBytes = options.contentsBytes ?? 32 * 1024;
  const source = await fileSource(options.input);
  let prepared;
  let inputSize: number;
  try {
    const document = await PdfDocument.open(source);
    inputSize = source.size;
    prepared = await prepareSignatureUpdate(document, {
      contentsBytes,
      kind: options.kind,
      signingTime: options.signingTime ?? new Date(),
      ...(options.fieldName ? { fieldName: options.fieldName } : {}),
      ...(options.name ? { name: options.name } : {}),
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.location ? { location: options.location } : {}),
      ...(options.appearance ? { appearance: options.appearance } : {}),
    });
  } finally {
    await source.close();
  }
  const contentsStart = inputSize + prepared.contentsAt;
  const contentsEnd = contentsStart + contentsBytes * 2 + 2;
  const total = inputSize + prepared.update.length;
  const byteRange = `0 ${contentsStart} ${contentsEnd} ${total - contentsEnd}`.padEnd(
    prepared.byteRangeWidth,
    ' ',
  );
  prepared.update.write(byteRange, prepared.byteRangeAt, 'latin1');

  // One pass: the input is hashed while it is copied, then the update around /Contents.
  const hash = createHash('sha256');
  const out = createWriteStream(options.output);
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(createReadStream(options.input, { highWaterMark: 1 << 20 }), tap, out, {
    end: false,
  });
  hash.update(prepared.update.subarray(0, prepared.contentsAt));
  hash.update(prepared.update.subarray(prepared.contentsAt + contentsBytes * 2 + 2));
  await new Promise<void>((resolve, reject) =>
    out.end(prepared.update, (error?: Error | null) => (error ? reject(error) : resolve())),
  );
  const placeholder: SignaturePlaceholder = {
    byteRange: [0, contentsStart, contentsEnd, total - contentsEnd],
    contentsBytes,
  };
  await writeSignatureContents(
    options.output,
    placeholder,
    await options.makeContents(hash.digest()),
  );
  return placeholder;
}

/** The certificate subject's common name, or '' when it has none. */
function commonName(certificate: Buffer): string {
  return /^CN=(.*)$/m.exec(new X509Certificate(certificate).subject)?.[1] ?? '';
}

/** What a prepared field shows: the caller's lines, else /Name or the certificate's common name. */
export function appearanceFor(
  options: Pick<SignPdfOptions, 'appearance' | 'name'>,
  certificate: Buffer,
): { lines: string[] } {
  return options.appearance ?? { lines: [options.name ?? commonName(certificate)] };
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
