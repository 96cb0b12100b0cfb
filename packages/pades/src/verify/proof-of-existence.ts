import type { ChainVerdict } from './chain.ts';
import type { CheckedSignature } from './signature-check.ts';

// Long-term validation (ETSI EN 319 102-1 §5.6, as EU DSS applies it): a time stamp is judged
// at its genTime, but it holds only while its TSA's certificates were valid when something
// proved that it existed: a later trusted document time stamp over it, else the validation
// time itself. A file whose time stamps are renewed in time stays valid after each TSA
// certificate expires; one left alone turns untrusted when its last one does.

/** The first certificate of a trusted chain (up to its anchor) that expired before `proof`. */
function expiredBefore(chain: ChainVerdict | null, proof: Date): string | null {
  if (chain?.trusted !== true) return null;
  const expired = chain.path.find(
    (certificate) => Date.parse(certificate.validTo) < proof.getTime(),
  );
  return expired
    ? `${expired.subject.replaceAll('\n', ', ')} expired at ${new Date(expired.validTo).toISOString()}, before any later time stamp proves this one existed`
    : null;
}

/** The genTime of a checked, still trusted document time stamp. */
function genTimeOf(item: CheckedSignature): Date | null {
  const time = item.report.timestampTime;
  return item.report.kind === 'document-timestamp' && item.meetsBaseline && time
    ? new Date(time)
    : null;
}

/** The earliest time a trusted document time stamp after `end` proves the bytes before it existed. */
function proofAfter(end: number, checked: CheckedSignature[], validationTime: Date): Date {
  const times = checked
    .filter((item) => end <= item.range.gapStart)
    .map(genTimeOf)
    .filter((time): time is Date => time !== null);
  return new Date(Math.min(validationTime.getTime(), ...times.map((time) => time.getTime())));
}

/**
 * Takes trust from the time stamps (document time stamps, then signature time stamps) whose
 * TSA certificate expired before their proof of existence; `checked` is in file order and is
 * changed in place. Later document time stamps are judged first, as earlier ones lean on them.
 */
export function applyProofOfExistence(checked: CheckedSignature[], validationTime: Date): void {
  for (const item of [...checked].reverse()) {
    const proof = proofAfter(item.range.end, checked, validationTime);
    if (item.report.kind === 'document-timestamp') {
      const problem = expiredBefore(item.chain, proof);
      if (!problem) continue;
      item.meetsBaseline = false;
      item.report.chainTrusted = false;
      item.report.problems.push(`time-stamp authority: ${problem}`);
      continue;
    }
    const stamp = item.stampChain;
    const problem = item.stamped ? expiredBefore(stamp, proof) : null;
    if (!problem) continue;
    item.stamped = false;
    if (item.report.signatureTimestamp)
      item.report.signatureTimestamp = {
        ...item.report.signatureTimestamp,
        chainTrusted: false,
        valid: false,
        problems: [...item.report.signatureTimestamp.problems, `time-stamp authority: ${problem}`],
      };
    item.report.problems.push(`signature time stamp: time-stamp authority: ${problem}`);
  }
}
