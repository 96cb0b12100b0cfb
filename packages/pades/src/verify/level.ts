import type { X509Certificate } from 'node:crypto';
import type { ChainVerdict } from './chain.ts';
import { checkRevocation } from './revocation.ts';
import type { ParsedRevocationData } from './revocation-data.ts';
import type { SignatureReport } from './report.ts';

/** Validation data as a level needs it: which certificates it holds, and its revocation data. */
export interface LevelValidationData {
  present: boolean;
  certificates: Set<string>;
  revocation: ParsedRevocationData;
}

/** What deciding a signature's level needs to know of it (a checked signature has it). */
export interface LevelCandidate {
  meetsBaseline: boolean;
  report: Pick<SignatureReport, 'signatureTimestamp' | 'validationTime'>;
  /** Where its signed bytes end. */
  range: { end: number };
  chain: ChainVerdict | null;
}

/** A valid, trusted document time stamp: where its gap begins, and the DSS of its revision. */
export interface LevelTimestamp {
  gapStart: number;
  dss: () => Promise<LevelValidationData>;
}

/** The DSS holds every certificate that needs a revocation check, and data saying each is good or revoked. */
function holdsValidationData(candidate: LevelCandidate, data: LevelValidationData): boolean {
  if (!data.present) return false;
  const held = (certificate: X509Certificate) => data.certificates.has(certificate.fingerprint256);
  const needs = candidate.chain?.needsRevocation ?? [];
  if (!needs.every(({ certificate }) => held(certificate))) return false;
  const at = new Date(candidate.report.validationTime.time);
  const { certificates } = checkRevocation(needs, data.revocation, at);
  return certificates.every((item) => item.status !== 'unknown');
}

/**
 * The PAdES baseline level a signature reaches (ETSI EN 319 142-1 §6.3): B-B; B-T with a valid
 * signature time stamp or a document time stamp after it; B-LT when the /DSS holds its chain
 * and revocation data; B-LTA when a document time stamp after it covers such a DSS.
 */
export async function levelOf(
  candidate: LevelCandidate,
  timestamps: LevelTimestamp[],
  current: LevelValidationData,
): Promise<SignatureReport['level']> {
  if (!candidate.meetsBaseline) return 'none';
  const later = timestamps.filter((stamp) => candidate.range.end <= stamp.gapStart);
  const stamped = candidate.report.signatureTimestamp?.valid === true;
  if (!stamped && later.length === 0) return 'B-B';
  for (const stamp of later) if (holdsValidationData(candidate, await stamp.dss())) return 'B-LTA';
  return holdsValidationData(candidate, current) ? 'B-LT' : 'B-T';
}
