import { nameOf, PdfString } from '../pdf/values.ts';
import { checkByteRange, type ByteRangeCheck } from './byte-range.ts';
import { checkCadesSignature } from './cades-check.ts';
import type { ChainVerdict } from './chain.ts';
import { checkDocumentTimestamp } from './document-timestamp-check.ts';
import type { CarriedData, ChainUse } from './level.ts';
import type { SignatureReport } from './report.ts';
import { checkRevocation } from './revocation.ts';
import type { SignatureField } from './signature-fields.ts';
import type { VerifyContext } from './verify-context.ts';

/** One signature or document time stamp checked, with what deciding its level needs. */
export interface CheckedSignature {
  report: Omit<SignatureReport, 'changesAfter' | 'level'>;
  range: ByteRangeCheck;
  /** A signature meets B-B; a document time stamp is valid and not untrusted. */
  meetsBaseline: boolean;
  /** The signer's chain at the validation time; null without a readable signer. */
  chain: ChainVerdict | null;
  /** It carries a valid signature time stamp. */
  stamped: boolean;
  /** Its signature time stamp's TSA chain at genTime; null without one. */
  stampChain: ChainVerdict | null;
  /** The chains that need validation data for its level: the signer's, then its time stamp's TSA's. */
  uses: ChainUse[];
  /** The certificates and revocation data its CMS (and signature time stamp) carries. */
  carried: CarriedData;
}

/**
 * Checks one signature or document time stamp: the /ByteRange, the CMS or token over the
 * signed bytes, the signature time stamp, and the chain and revocation at the signature's
 * time (its valid time stamp's genTime, else its claimed time). Never throws for bad data.
 */
export async function checkSignature(
  field: SignatureField,
  context: VerifyContext,
): Promise<CheckedSignature> {
  const { document, anchors } = context;
  const subFilter = nameOf(field.value.get('SubFilter')) ?? null;
  const isTimestamp = subFilter === 'ETSI.RFC3161';
  const range = await checkByteRange(document, field.ref, field.value);
  const contents = field.value.get('Contents');
  const readable = range.ranges && contents instanceof PdfString ? contents.bytes : null;
  const claimed = field.value.get('M');
  const claimedTime = claimed instanceof PdfString ? claimed : null;
  const checked = isTimestamp
    ? await checkDocumentTimestamp(readable, range, context)
    : await checkCadesSignature({ contents: readable, range, subFilter, claimedTime }, context);
  const stamp = checked.signatureTimestamp;
  const revocation = checkRevocation(
    checked.chain?.needsRevocation ?? [],
    {
      crls: [...context.dssRevocation.crls, ...checked.revocation.crls],
      ocsps: [...context.dssRevocation.ocsps, ...checked.revocation.ocsps],
    },
    checked.time.at,
  );
  const faults = [
    ...range.problems,
    ...(contents instanceof PdfString ? [] : ['malformed /Contents']),
    ...checked.faults,
  ];
  const valid = checked.digestMatches && checked.signatureValid && faults.length === 0;
  const revoked = revocation.certificates
    .filter((item) => item.status === 'revoked')
    .map((item) => `${item.subject} was revoked at ${item.revokedAt ?? '?'}`);
  return {
    report: {
      fieldName: field.name,
      kind: isTimestamp ? 'document-timestamp' : 'signature',
      subFilter,
      valid,
      digestMatches: checked.digestMatches,
      signatureValid: checked.signatureValid,
      coversWholeDocument: range.ranges !== null && range.end === document.source.size,
      bytesAddedAfter: range.ranges ? Math.max(0, document.source.size - range.end) : 0,
      signerSubject: checked.signer?.subject.replaceAll('\n', ', ') ?? null,
      certificatePath: (checked.chain?.path ?? (checked.signer ? [checked.signer] : [])).map(
        (certificate) => certificate.toString(),
      ),
      claimedTime: claimedTime?.bytes.toString('latin1') ?? null,
      timestampTime: checked.timestampTime,
      signatureTimestamp: checked.signatureTimestamp?.report ?? null,
      validationTime: { time: checked.time.at.toISOString(), source: checked.time.source },
      chainTrusted: checked.chain?.trusted ?? (anchors ? false : null),
      revocation,
      problems: [...faults, ...checked.notes, ...revoked],
    },
    range,
    meetsBaseline: valid && checked.baseline,
    chain: checked.chain,
    stamped: checked.signatureTimestamp?.report.valid === true,
    stampChain: stamp?.chain ?? null,
    uses: [
      { chain: checked.chain, at: checked.time.at },
      ...(stamp?.intact && stamp.genTime ? [{ chain: stamp.chain, at: stamp.genTime }] : []),
    ],
    carried: {
      certificates: [...checked.certificates, ...(stamp?.certificates ?? [])].map(
        (certificate) => certificate.fingerprint256,
      ),
      revocation: checked.revocation,
    },
  };
}
