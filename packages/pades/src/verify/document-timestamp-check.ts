import { hashRanges } from '../pdf/source.ts';
import type { ByteRangeCheck } from './byte-range.ts';
import type { VerifyContext } from './verify-context.ts';
import type { SignedBytesCheck } from './signed-bytes.ts';
import { checkTimestamp } from './timestamp-check.ts';

/**
 * Checks a document time stamp (/SubFilter /ETSI.RFC3161): its token's imprint over the
 * signed bytes, its signature and TSA, and the TSA's chain at its own genTime.
 */
export async function checkDocumentTimestamp(
  contents: Buffer | null,
  range: ByteRangeCheck,
  context: VerifyContext,
): Promise<SignedBytesCheck> {
  const stamp = contents
    ? await checkTimestamp(
        contents,
        (hash) => hashRanges(context.document.source, range.ranges ?? [], hash),
        {
          pool: context.dssCertificates,
          anchors: context.anchors,
        },
      )
    : null;
  const chain = stamp?.chain ?? null;
  const problems = stamp?.report.problems ?? [];
  return {
    signer: chain?.path[0] ?? null,
    time: stamp?.genTime
      ? { at: stamp.genTime, source: 'timestamp-token' }
      : { at: new Date(), source: 'current-time' },
    chain,
    digestMatches: stamp?.report.imprintMatches ?? false,
    signatureValid: stamp?.report.signatureValid ?? false,
    // A token that is intact but from an untrusted TSA is valid, its chain reported apart.
    faults: stamp?.intact ? [] : problems,
    notes: stamp?.intact ? problems : [],
    baseline: chain?.trusted !== false,
    signatureTimestamp: null,
    timestampTime: stamp?.intact ? stamp.report.time : null,
    certificates: stamp?.certificates ?? [],
    revocation: { crls: [], ocsps: [] },
  };
}
