import { createHash, X509Certificate } from 'node:crypto';
import { PdfDocument } from '../pdf/document.ts';
import { readCatalog } from '../pdf/incremental-update.ts';
import type { PdfSource } from '../pdf/source.ts';
import { isDict, nameOf, numberOf, PdfString, type PdfDict, type PdfValue } from '../pdf/values.ts';
import { oids } from '../cms/cades.ts';
import { checkCms, forbiddenSigningTime, type CmsCheck } from './cms-check.ts';
import { chainToAnchors } from './chain.ts';

export interface SignatureReport {
  fieldName: string | null;
  kind: 'signature' | 'document-timestamp';
  subFilter: string | null;
  /** The signed bytes are intact and the signature over them verifies. */
  valid: boolean;
  digestMatches: boolean;
  signatureValid: boolean;
  coversWholeDocument: boolean;
  /** Bytes appended after this signature (later updates), 0 when it covers the whole file. */
  bytesAddedAfter: number;
  signerSubject: string | null;
  claimedTime: string | null;
  timestampTime: string | null;
  chainTrusted: boolean | null;
  level: 'none' | 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | 'timestamp';
  problems: string[];
}

export interface VerifyOptions {
  /** Trust anchors (DER or PEM certificates); without them chains are not judged. */
  trustAnchors?: Array<Buffer | string>;
}

async function digestOf(source: PdfSource, ranges: number[]): Promise<Buffer> {
  const hash = createHash('sha256');
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    const start = ranges[index] ?? 0;
    const length = ranges[index + 1] ?? 0;
    for (let at = start; at < start + length; at += 1 << 20)
      hash.update(await source.read(at, Math.min(1 << 20, start + length - at)));
  }
  return hash.digest();
}

async function signatureFields(document: PdfDocument, catalog: PdfDict) {
  const form = await document.resolve(catalog.get('AcroForm'));
  const fields = isDict(form) ? await document.resolve(form.get('Fields')) : null;
  const found: Array<{ name: string | null; value: PdfDict }> = [];
  const visit = async (items: PdfValue, depth: number) => {
    if (!Array.isArray(items) || depth > 8) return;
    for (const item of items) {
      const field = await document.resolve(item);
      if (!isDict(field)) continue;
      const value = await document.resolve(field.get('V'));
      const title = field.get('T');
      if (nameOf(field.get('FT')) === 'Sig' && isDict(value)) {
        found.push({
          name: title instanceof PdfString ? title.bytes.toString('latin1') : null,
          value,
        });
      }
      await visit(await document.resolve(field.get('Kids')), depth + 1);
    }
  };
  await visit(fields ?? [], 0);
  return found;
}

/**
 * Reports, for each signature and document time stamp in a PDF: integrity of the signed
 * bytes, the signature itself, coverage, signer, times, the chain to given anchors, and
 * the PAdES baseline level reached.
 */
export async function verifyPdf(
  source: PdfSource,
  options: VerifyOptions = {},
): Promise<SignatureReport[]> {
  const document = await PdfDocument.open(source);
  const { dict: catalog } = await readCatalog(document);
  const hasDss = isDict(await document.resolve(catalog.get('DSS')));
  const reports: Array<SignatureReport & { end: number }> = [];
  for (const { name, value } of await signatureFields(document, catalog)) {
    const problems: string[] = [];
    const subFilter = nameOf(value.get('SubFilter')) ?? null;
    const isTimestamp = subFilter === 'ETSI.RFC3161';
    const byteRange = (await document.resolve(value.get('ByteRange'))) as PdfValue[];
    const ranges = Array.isArray(byteRange) ? byteRange.map((item) => numberOf(item) ?? -1) : [];
    const contents = value.get('Contents');
    let check: CmsCheck | null = null;
    const end = (ranges[2] ?? 0) + (ranges[3] ?? 0);
    if (
      ranges.length !== 4 ||
      ranges.some((item) => item < 0) ||
      end > source.size ||
      !(contents instanceof PdfString)
    ) {
      problems.push('malformed /ByteRange or /Contents');
    } else {
      try {
        check = checkCms(contents.bytes, await digestOf(source, ranges));
      } catch (error) {
        problems.push(`unreadable CMS: ${(error as Error).message}`);
      }
    }
    const signer = check?.signerCertificate ? new X509Certificate(check.signerCertificate) : null;
    const chainTrusted =
      options.trustAnchors && signer
        ? chainToAnchors(signer, check?.certificates ?? [], options.trustAnchors)
        : null;
    const claimed = value.get('M');
    const hasEss = check?.signedAttributeOids.includes(oids.signingCertificateV2) ?? false;
    const hasSigningTime = check?.signedAttributeOids.includes(forbiddenSigningTime) ?? false;
    if (!isTimestamp && hasSigningTime)
      problems.push('CMS signing-time attribute present (PAdES forbids it)');
    const valid = !!check && check.digestMatches && check.signatureValid && problems.length === 0;
    const timestamp = isTimestamp ? check?.timestampTime : check?.signatureTimestamp?.timestampTime;
    reports.push({
      fieldName: name,
      kind: isTimestamp ? 'document-timestamp' : 'signature',
      subFilter,
      valid,
      digestMatches: check?.digestMatches ?? false,
      signatureValid: check?.signatureValid ?? false,
      coversWholeDocument: end === source.size,
      bytesAddedAfter: Math.max(0, source.size - end),
      signerSubject: signer?.subject.replaceAll('\n', ', ') ?? null,
      claimedTime: claimed instanceof PdfString ? claimed.bytes.toString('latin1') : null,
      timestampTime: timestamp ? timestamp.toISOString() : null,
      chainTrusted,
      level: isTimestamp
        ? 'timestamp'
        : valid && hasEss && !hasSigningTime
          ? check?.signatureTimestamp
            ? 'B-T'
            : 'B-B'
          : 'none',
      problems,
      end,
    });
  }
  reports.sort((a, b) => a.end - b.end);
  // A later document time stamp lifts B-B to B-T; validation data (DSS) and a time stamp over it give B-LT and B-LTA.
  const lastTimestamp = [...reports]
    .reverse()
    .find((report) => report.kind === 'document-timestamp' && report.valid);
  return reports.map(({ end, ...report }) => {
    if (report.kind !== 'signature' || report.level === 'none') return report;
    let level = report.level;
    if (
      level === 'B-B' &&
      lastTimestamp &&
      lastTimestamp.coversWholeDocument !== undefined &&
      end < source.size
    )
      level = 'B-T';
    if (level === 'B-T' && hasDss) level = 'B-LT';
    if (level === 'B-LT' && lastTimestamp?.coversWholeDocument) level = 'B-LTA';
    return { ...report, level };
  });
}
