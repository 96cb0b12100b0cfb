import { createHash } from 'node:crypto';
import { oids } from '../cms/cades.ts';
import { parsePdfDate } from '../pdf/serializer.ts';
import { hashRanges } from '../pdf/source.ts';
import type { PdfString } from '../pdf/values.ts';
import type { ByteRangeCheck } from './byte-range.ts';
import { certificateOf, judgeChain, readCertificates } from './chain.ts';
import { checkCms, forbiddenSigningTime, type CmsCheck } from './cms-check.ts';
import type { ValidationTimeSource } from './report.ts';
import { parseRevocationData } from './revocation-data.ts';
import type { SignedBytesCheck } from './signed-bytes.ts';
import { checkTimestamp } from './timestamp-check.ts';
import type { VerifyContext } from './verify-context.ts';

/** The time to judge a signature at: a valid time stamp's, else the claimed one, else now. */
function validationTimeOf(
  stamped: Date | null,
  claimed: Date | null,
  signingTime: Date | null,
): { at: Date; source: ValidationTimeSource } {
  if (stamped) return { at: stamped, source: 'signature-timestamp' };
  if (claimed) return { at: claimed, source: 'claimed-time' };
  if (signingTime) return { at: signingTime, source: 'signing-time-attribute' };
  return { at: new Date(), source: 'current-time' };
}

/** What the signature dictionary says of a CMS signature: its bytes, /SubFilter and /M. */
export interface CadesSignature {
  contents: Buffer | null;
  range: ByteRangeCheck;
  subFilter: string | null;
  claimedTime: PdfString | null;
}

/**
 * Checks a CAdES signature over the signed bytes, its signature time stamp (over the
 * signature value), and its chain at the stamped time, else at the claimed /M.
 */
export async function checkCadesSignature(
  { contents, range, subFilter, claimedTime }: CadesSignature,
  context: VerifyContext,
): Promise<SignedBytesCheck> {
  const faults: string[] = [];
  let check: CmsCheck | null = null;
  if (contents) {
    try {
      const digest = await hashRanges(context.document.source, range.ranges ?? [], 'sha256');
      check = checkCms(contents, digest);
    } catch (error) {
      faults.push(`unreadable CMS: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const carried = readCertificates(check?.certificates ?? []);
  const pool = [...carried, ...context.dssCertificates];
  const signatureValue = check?.signatureValue ?? Buffer.alloc(0);
  const stamp = check?.timestampToken
    ? await checkTimestamp(
        check.timestampToken,
        async (hash) => createHash(hash).update(signatureValue).digest(),
        { pool, anchors: context.anchors },
      )
    : null;
  const claimed = claimedTime ? parsePdfDate(claimedTime) : null;
  const stamped = stamp?.report.valid ? stamp.genTime : null;
  const time = validationTimeOf(stamped, claimed, check?.signingTime ?? null);
  const signer = certificateOf(check?.signerCertificate);
  const chain = signer ? judgeChain(signer, pool, context.anchors, time.at) : null;
  const attributes = check?.signedAttributeOids ?? [];
  const hasSigningTime = attributes.includes(forbiddenSigningTime);
  // PAdES forbids the attribute; other signatures (adbe.pkcs7.detached) may carry it, which
  // only keeps them from any PAdES level.
  const claimsPades = subFilter === 'ETSI.CAdES.detached';
  if (hasSigningTime && claimsPades)
    faults.push('CMS signing-time attribute present (PAdES forbids it)');
  return {
    signer,
    time,
    chain,
    digestMatches: check?.digestMatches ?? false,
    signatureValid: check?.signatureValid ?? false,
    faults,
    notes: [
      ...(stamp?.report.problems ?? []).map((problem) => `signature time stamp: ${problem}`),
      ...(chain?.problem ? [chain.problem] : []),
    ],
    baseline: attributes.includes(oids.signingCertificateV2) && !hasSigningTime,
    signatureTimestamp: stamp,
    timestampTime: stamped?.toISOString() ?? null,
    certificates: carried,
    revocation: parseRevocationData(check?.revocation ?? { crls: [], ocsps: [] }),
  };
}
