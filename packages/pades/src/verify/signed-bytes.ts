import { createHash, X509Certificate } from 'node:crypto';
import type { PdfDocument } from '../pdf/document.ts';
import type { ByteRangeCheck } from './byte-range.ts';
import type { ChainVerdict } from './chain.ts';
import type { ValidationTimeSource } from './report.ts';
import type { ParsedRevocationData } from './revocation-data.ts';
import type { CheckedTimestamp } from './timestamp-check.ts';

/** The hash of exactly the bytes the /ByteRange names. */
export async function digestOfRanges(
  document: PdfDocument,
  range: ByteRangeCheck,
  hash: string,
): Promise<Buffer> {
  const digest = createHash(hash);
  const [first = 0, firstLength = 0, second = 0, secondLength = 0] = range.ranges ?? [];
  for (const [start, end] of [
    [first, first + firstLength],
    [second, second + secondLength],
  ] as const)
    for (let at = start; at < end; at += 1 << 20)
      digest.update(await document.source.read(at, Math.min(1 << 20, end - at)));
  return digest.digest();
}

/** What checking a CMS signature or a time-stamp token over the signed bytes found. */
export interface SignedBytesCheck {
  signer: X509Certificate | null;
  /** The time the chain and revocation are judged at. */
  time: { at: Date; source: ValidationTimeSource };
  chain: ChainVerdict | null;
  digestMatches: boolean;
  signatureValid: boolean;
  /** Problems that make it invalid (an unreadable CMS, a forbidden attribute, a damaged token). */
  faults: string[];
  /** Problems worth reporting that do not (a damaged signature time stamp, an untrusted chain). */
  notes: string[];
  /** B-B's attributes (a signature), or a trusted token (a document time stamp). */
  baseline: boolean;
  /** The signature time stamp, for a signature that carries one. */
  signatureTimestamp: CheckedTimestamp | null;
  /** The time a valid token vouches for. */
  timestampTime: string | null;
  /** Revocation data the CMS itself carries. */
  revocation: ParsedRevocationData;
}

/** The certificate read from DER, or null when there is none or it cannot be read. */
export function certificateOf(der: Buffer | null | undefined): X509Certificate | null {
  try {
    return der ? new X509Certificate(der) : null;
  } catch {
    return null;
  }
}
