import { PdfDocument } from '../pdf/document.ts';
import { prefixSource, type PdfSource } from '../pdf/source.ts';
import { PdfError } from '../pdf/values.ts';
import { readCertificates } from './chain.ts';
import { laterChanges, type LaterChanges } from './later-changes.ts';
import { levelOf, type LevelTimestamp, type LevelValidationData } from './level.ts';
import type { SignatureReport, VerifyOptions } from './report.ts';
import { applyProofOfExistence } from './proof-of-existence.ts';
import { parseRevocationData } from './revocation-data.ts';
import { checkSignature, type CheckedSignature } from './signature-check.ts';
import { signatureFields } from './signature-fields.ts';
import { readDss, type DocumentValidationData } from './validation-data.ts';

export type { SignatureReport, VerifyOptions } from './report.ts';

const noValidationData: LevelValidationData = {
  present: false,
  certificates: new Set(),
  revocation: { crls: [], ocsps: [] },
};

function levelData(
  dss: DocumentValidationData,
  certificates = readCertificates(dss.certificates),
): LevelValidationData {
  return {
    present: dss.present,
    certificates: new Set(certificates.map((item) => item.fingerprint256)),
    revocation: parseRevocationData(dss),
  };
}

/** The document as it was when it ended at `end` (an earlier revision), each opened once. */
type Revisions = (end: number) => Promise<PdfDocument>;

function revisionsOf(source: PdfSource): Revisions {
  const opened = new Map<number, Promise<PdfDocument>>();
  return (end) => {
    let revision = opened.get(end);
    if (!revision) opened.set(end, (revision = PdfDocument.open(prefixSource(source, end))));
    return revision;
  };
}

/** The DSS of the revision a document time stamp covers, read once and only when asked. */
function dssOfRevision(revisions: Revisions, end: number): () => Promise<LevelValidationData> {
  let read: Promise<LevelValidationData> | undefined;
  return () =>
    (read ??= revisions(end)
      .then(readDss)
      .then(
        (dss) => levelData(dss),
        () => noValidationData,
      ));
}

async function changesAfter(
  document: PdfDocument,
  revisions: Revisions,
  item: CheckedSignature,
): Promise<LaterChanges> {
  const none = {
    signatures: 0,
    documentTimestamps: 0,
    validationData: false,
    embeddedFiles: false,
    undefinedChanges: [],
    other: [],
  };
  if (!item.range.ranges || item.range.end >= document.source.size) return none;
  try {
    return await laterChanges(await revisions(item.range.end), document);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...none, other: [`cannot read the signed revision: ${reason}`] };
  }
}

async function verifyDocument(
  document: PdfDocument,
  options: VerifyOptions,
): Promise<SignatureReport[]> {
  const dss = await readDss(document);
  const dssCertificates = readCertificates(dss.certificates);
  const current = levelData(dss, dssCertificates);
  // An empty list is no anchors, as the option says: chains are then not judged.
  const anchors = options.trustAnchors?.length ? readCertificates(options.trustAnchors) : null;
  const context = { document, anchors, dssCertificates, dssRevocation: current.revocation };
  const checked: CheckedSignature[] = [];
  for (const field of await signatureFields(document))
    checked.push(await checkSignature(field, context));
  checked.sort((a, b) => a.range.end - b.range.end);
  if (anchors) applyProofOfExistence(checked, options.validationTime ?? new Date());
  const revisions = revisionsOf(document.source);
  const timestamps: LevelTimestamp[] = checked
    .filter((item) => item.report.kind === 'document-timestamp' && item.report.valid)
    .map((item) => ({
      trusted: item.meetsBaseline,
      gapStart: item.range.gapStart,
      use: item.uses[0] ?? { chain: item.chain, at: new Date(item.report.validationTime.time) },
      carried: item.carried,
      dss: dssOfRevision(revisions, item.range.end),
    }));
  const reports: SignatureReport[] = [];
  for (const item of checked) {
    const level =
      item.report.kind === 'document-timestamp'
        ? 'timestamp'
        : await levelOf(item, timestamps, current);
    const later = await changesAfter(document, revisions, item);
    reports.push({ ...item.report, level, changesAfter: later });
  }
  return reports;
}

/**
 * Reports, for each signature and document time stamp in a PDF: integrity of the signed
 * bytes and the /ByteRange, the signature, what later updates changed, signer, times, the
 * signature time stamp, the chain to given anchors and revocation at the signature's time,
 * each time stamp's TSA valid until a later time stamp (or the validation time) proves it
 * existed, and the PAdES level reached. A file it cannot read ends in a PdfError.
 */
export async function verifyPdf(
  source: PdfSource,
  options: VerifyOptions = {},
): Promise<SignatureReport[]> {
  const document = await PdfDocument.open(source);
  try {
    return await verifyDocument(document, options);
  } catch (error) {
    if (error instanceof PdfError) throw error;
    throw new PdfError(
      `cannot verify the PDF: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
