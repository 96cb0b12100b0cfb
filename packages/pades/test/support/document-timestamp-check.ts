import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTool } from './run-tool.ts';

/** The two byte ranges pdfsig reports for one signature, as [start, end, start, end]. */
export function signedRanges(pdfsigBlock: string): [number, number, number, number] | null {
  const match = /Signed Ranges: \[(\d+) - (\d+)\], \[(\d+) - (\d+)\]/.exec(pdfsigBlock);
  if (!match) return null;
  const [firstStart = 0, firstEnd = 0, secondStart = 0, secondEnd = 0] = match.slice(1).map(Number);
  return [firstStart, firstEnd, secondStart, secondEnd];
}

function isSelfIssued(certificatePem: string): boolean {
  const printed = runTool(
    'openssl',
    ['x509', '-noout', '-subject', '-issuer', '-nameopt', 'RFC2253'],
    { input: certificatePem },
  );
  const [subject, issuer] = printed.stdout
    .split('\n')
    .map((line) => line.slice(line.indexOf('=') + 1));
  return subject !== undefined && subject === issuer;
}

/**
 * Whether `openssl ts -verify` accepts an RFC 3161 token (DER file) over the bytes the
 * signature's ranges cover, chained up to a self-signed root the token itself carries. That
 * proves the bytes are unchanged since the stamp, not that the root deserves trust.
 */
export function verifyDocumentTimestamp(
  pdfPath: string,
  pdfsigBlock: string,
  tokenPath: string,
  dir: string,
): { valid: boolean; why: string } {
  const ranges = signedRanges(pdfsigBlock);
  if (!ranges) return { valid: false, why: 'no signed ranges' };
  const [firstStart, firstEnd, secondStart, secondEnd] = ranges;
  const pdf = readFileSync(pdfPath);
  const covered = join(dir, 'covered.bin');
  writeFileSync(
    covered,
    Buffer.concat([pdf.subarray(firstStart, firstEnd), pdf.subarray(secondStart, secondEnd)]),
  );
  const printed = runTool('openssl', ['pkcs7', '-inform', 'DER', '-in', tokenPath, '-print_certs']);
  const certificates =
    printed.stdout.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g) ?? [];
  const roots = certificates.filter(isSelfIssued);
  if (roots.length === 0) return { valid: false, why: 'no root certificate in the token' };
  const untrusted = join(dir, 'token-certificates.pem');
  const anchors = join(dir, 'token-roots.pem');
  writeFileSync(untrusted, certificates.join(''));
  writeFileSync(anchors, roots.join(''));
  const verified = runTool('openssl', [
    'ts',
    '-verify',
    ...['-data', covered, '-in', tokenPath, '-token_in'],
    ...['-CAfile', anchors, '-untrusted', untrusted],
  ]);
  if (verified.status === 0 && verified.stdout.includes('Verification: OK')) {
    return { valid: true, why: '' };
  }
  const lastLine = verified.stderr.trim().split('\n').at(-1)?.slice(0, 160);
  return { valid: false, why: lastLine || 'failed' };
}
