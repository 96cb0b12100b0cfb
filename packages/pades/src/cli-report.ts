import type { SignatureReport } from './verify/report.ts';

const timeSources: Record<SignatureReport['validationTime']['source'], string> = {
  'signature-timestamp': 'the signature time stamp',
  'timestamp-token': 'its own time stamp',
  'claimed-time': 'the claimed signing time, /M',
  'signing-time-attribute': 'the CMS signing-time',
  'current-time': 'no signing time: now',
};

/** What was added after a signature, in words: '1 signature, validation data (DSS)'. */
function addedAfter(report: SignatureReport): string {
  const { signatures, documentTimestamps, validationData, embeddedFiles, other } =
    report.changesAfter;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const parts = [
    ...(signatures ? [plural(signatures, 'signature')] : []),
    ...(documentTimestamps ? [plural(documentTimestamps, 'document time stamp')] : []),
    ...(validationData ? ['validation data (DSS)'] : []),
    ...(embeddedFiles ? ['an embedded file'] : []),
    ...(other.length ? ['OTHER CHANGES, which PAdES does not allow after a signature'] : []),
  ];
  return `${report.bytesAddedAfter} bytes were added after it${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** One report as the `pades verify` command prints it. */
export function describeReport(report: SignatureReport, index: number): string {
  const kind = report.kind === 'document-timestamp' ? 'document time stamp' : 'signature';
  const lines = [
    `#${index + 1} ${kind}${report.fieldName ? ` "${report.fieldName}"` : ''}: ${report.valid ? 'VALID' : 'INVALID'}`,
    `   level ${report.level}; ${report.coversWholeDocument ? 'covers the whole document' : addedAfter(report)}`,
  ];
  for (const change of report.changesAfter.undefinedChanges)
    lines.push(`   warning, a change EU DSS calls undefined: ${change}`);
  for (const change of report.changesAfter.other) lines.push(`   changed after it: ${change}`);
  if (report.signerSubject) lines.push(`   signer ${report.signerSubject}`);
  if (report.claimedTime) lines.push(`   claimed time ${report.claimedTime}`);
  const stamp = report.signatureTimestamp;
  if (stamp)
    lines.push(
      `   signature time stamp ${stamp.valid ? 'valid' : 'INVALID'}${stamp.time ? ` (${stamp.time})` : ''}`,
    );
  else if (report.timestampTime) lines.push(`   time-stamped ${report.timestampTime}`);
  const { time, source } = report.validationTime;
  lines.push(`   judged at ${time} (${timeSources[source]})`);
  if (report.chainTrusted !== null)
    lines.push(
      `   chain ${report.chainTrusted ? 'reaches a trust anchor' : 'does NOT reach a trust anchor'}`,
    );
  const { status } = report.revocation;
  lines.push(
    `   revocation ${status === 'revoked' ? 'REVOKED' : status === 'good' ? 'good' : 'unknown (no data)'}`,
  );
  for (const problem of report.problems) lines.push(`   problem: ${problem}`);
  return lines.join('\n');
}

/**
 * True when a report should make `pades verify` fail: invalid, untrusted, revoked, a damaged
 * time stamp, or a later change that PAdES does not allow after a signature.
 */
export function reportFails(report: SignatureReport): boolean {
  return (
    !report.valid ||
    report.changesAfter.other.length > 0 ||
    report.chainTrusted === false ||
    report.revocation.status === 'revoked' ||
    report.signatureTimestamp?.valid === false
  );
}
