import { copyFile, mkdtemp, rm, appendFile } from 'node:fs/promises';
import type { CollectOptions } from './ltv/collect.ts';
import { collectDocumentValidationData } from './ltv/document-validation-data.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PdfDocument } from './pdf/document.ts';
import { prepareDssUpdate, type ValidationData } from './pdf/dss-update.ts';
import { fileSource } from './pdf/source.ts';
import { appearanceFor, appendSignature, signPdf, type SignPdfOptions } from './sign.ts';

export type TimestampSource = (digest: Buffer) => Promise<Buffer>;

/** Adds a /DSS with validation data as an incremental update (B-LT). */
export async function addValidationData(
  input: string,
  output: string,
  data: ValidationData,
): Promise<void> {
  const source = await fileSource(input);
  let update: Buffer;
  try {
    update = await prepareDssUpdate(await PdfDocument.open(source), data);
  } finally {
    await source.close();
  }
  if (input !== output) await copyFile(input, output);
  await appendFile(output, update);
}

/**
 * Adds to the /DSS what the document still lacks for B-LT: the chains of its signers, signature
 * time stamps and document time stamps, with revocation data for each certificate (collected as
 * `options` allow, see `collectDocumentValidationData`); copies it unchanged when nothing is
 * missing. Throws a `ValidationDataError`, writing nothing, when some cannot be had.
 */
export async function addCollectedValidationData(
  input: string,
  output: string,
  options: CollectOptions = {},
): Promise<void> {
  const data = await collectDocumentValidationData(input, options);
  const empty = data.certificates.length + data.crls.length + data.ocsps.length === 0;
  if (!empty) return addValidationData(input, output, data);
  if (input !== output) await copyFile(input, output);
}

/** Adds a document time stamp (/SubFilter /ETSI.RFC3161) over everything before it (B-LTA). */
export async function addDocumentTimestamp(
  input: string,
  output: string,
  timestamp: TimestampSource,
  contentsBytes = 16 * 1024,
): Promise<void> {
  await appendSignature({
    input,
    output,
    kind: 'timestamp',
    contentsBytes,
    makeContents: timestamp,
  });
}

export interface SignAtLevelOptions extends Omit<SignPdfOptions, 'level'> {
  level: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
  /** The certificates, CRLs and OCSP responses to store for B-LT and up. */
  validationData?: ValidationData;
  /**
   * Collect the validation data B-LT needs after signing (the signer's and the signature time
   * stamp's chains, with OCSP or CRLs, fetched as these options allow), `validationData`
   * counting as data at hand; without it only `validationData` is stored.
   */
  collect?: CollectOptions;
}

/**
 * Signs at any PAdES baseline level: B-B; B-T adds a signature time stamp; B-LT adds the
 * validation data in a /DSS (collected after signing when asked, so that it covers the
 * signature time stamp's TSA too); B-LTA adds a document time stamp over all of it.
 */
export async function signAtLevel(options: SignAtLevelOptions): Promise<void> {
  const { level, validationData, collect, ...rest } = options;
  if (level === 'B-B' || level === 'B-T') return signPdf({ ...rest, level });
  if (!options.timestamp) throw new Error(`${level} needs a time-stamp source`);
  const dir = await mkdtemp(join(tmpdir(), 'pades-'));
  try {
    const signed = join(dir, 'signed.pdf');
    // The box shows the level asked for, decided here once: not the B-T this first step makes.
    const { lines } = appearanceFor({ ...rest, level }, options.signer.certificate);
    await signPdf({
      ...rest,
      output: signed,
      level: 'B-T',
      appearance: { lines, showLevel: false },
    });
    const data: ValidationData = collect
      ? await collectDocumentValidationData(signed, {
          ...collect,
          ...(validationData ? { known: validationData } : {}),
        })
      : (validationData ?? {
          certificates: [options.signer.certificate, ...options.signer.chain],
          crls: [],
        });
    if (level === 'B-LT') return await addValidationData(signed, options.output, data);
    const withDss = join(dir, 'dss.pdf');
    await addValidationData(signed, withDss, data);
    await addDocumentTimestamp(withDss, options.output, options.timestamp);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
