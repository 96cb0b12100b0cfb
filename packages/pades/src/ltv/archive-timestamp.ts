import { X509Certificate } from 'node:crypto';
import { PdfDocument } from '../pdf/document.ts';
import { fileSource } from '../pdf/source.ts';
import { nameOf, PdfString } from '../pdf/values.ts';
import { verifyTimestampToken } from '../timestamp/verify-token.ts';
import { checkByteRange } from '../verify/byte-range.ts';
import { signatureFields } from '../verify/signature-fields.ts';
import { firstElement } from '../verify/timestamp-check.ts';
import { readDss } from '../verify/validation-data.ts';

/** The last document time stamp of a file: what protects everything before it (PAdES B-LTA). */
export interface ArchiveTimestamp {
  genTime: Date;
  /** When its TSA certificate expires; before then a new archive time stamp must cover it. */
  certificateExpiresAt: Date;
  /** Its message imprint's hash (`SHA-256`, …; an OID when not one we support). */
  hashAlgorithm: string;
  /** The imprint's hash is one we still accept (SHA-256, SHA-384, SHA-512). */
  hashSupported: boolean;
}

/**
 * The document time stamp that covers the most of the file (the archive time stamp), or null
 * when it has none that can be read.
 */
export async function lastDocumentTimestamp(input: string): Promise<ArchiveTimestamp | null> {
  const source = await fileSource(input);
  try {
    const document = await PdfDocument.open(source);
    const dss = await readDss(document);
    let last: { end: number; contents: Buffer } | null = null;
    for (const field of await signatureFields(document)) {
      const contents = field.value.get('Contents');
      if (nameOf(field.value.get('SubFilter')) !== 'ETSI.RFC3161') continue;
      if (!(contents instanceof PdfString)) continue;
      const range = await checkByteRange(document, field.ref, field.value);
      if (range.ranges && (!last || range.end > last.end))
        last = { end: range.end, contents: contents.bytes };
    }
    if (!last) return null;
    const stated = await verifyTimestampToken(firstElement(last.contents), {
      certificates: dss.certificates,
    });
    const certificate = new X509Certificate(stated.signerCertificate);
    return {
      genTime: stated.genTime,
      certificateExpiresAt: new Date(certificate.validTo),
      hashAlgorithm: stated.imprint.hash?.name ?? stated.imprint.hashAlgorithm,
      hashSupported: stated.imprint.hash !== null,
    };
  } finally {
    await source.close();
  }
}

/**
 * When the archive time stamp must be renewed: `renewBeforeMs` before its TSA certificate
 * expires, or at once when its hash is one we no longer accept.
 */
export function archiveRenewalDue(stamp: ArchiveTimestamp, renewBeforeMs: number): Date {
  if (!stamp.hashSupported) return stamp.genTime;
  return new Date(stamp.certificateExpiresAt.getTime() - renewBeforeMs);
}
