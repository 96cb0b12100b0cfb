import type { X509Certificate } from 'node:crypto';
import type { ChainVerdict } from './chain.ts';
import type { ValidationTimeSource } from './report.ts';
import type { ParsedRevocationData } from './revocation-data.ts';
import type { CheckedTimestamp } from './timestamp-check.ts';

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
  /** Certificates the CMS itself carries. */
  certificates: X509Certificate[];
  /** Revocation data the CMS itself carries. */
  revocation: ParsedRevocationData;
}
