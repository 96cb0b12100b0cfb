import type { LaterChanges } from './later-changes.ts';
import type { RevocationReport } from './revocation.ts';
import type { TimestampCheck } from './timestamp-check.ts';

export type { LaterChanges } from './later-changes.ts';
export type { CertificateRevocation, RevocationReport, RevocationStatus } from './revocation.ts';
export type { TimestampCheck } from './timestamp-check.ts';

/** Where the time the chain and revocation were judged at came from. */
export type ValidationTimeSource =
  | 'signature-timestamp'
  | 'timestamp-token'
  | 'claimed-time'
  | 'signing-time-attribute'
  | 'current-time';

export interface SignatureReport {
  fieldName: string | null;
  kind: 'signature' | 'document-timestamp';
  subFilter: string | null;
  /** The signed bytes are intact, the signature over them verifies, the /ByteRange is sound. */
  valid: boolean;
  digestMatches: boolean;
  signatureValid: boolean;
  coversWholeDocument: boolean;
  /** Bytes appended after this signature (later updates), 0 when it covers the whole file. */
  bytesAddedAfter: number;
  /** What those later updates changed: only what PAdES allows, or `other` changes too. */
  changesAfter: LaterChanges;
  signerSubject: string | null;
  /** The signer's (or TSA's) certificate and the issuers found above it, signer first (PEM). */
  certificatePath: string[];
  claimedTime: string | null;
  /** The time a valid signature time stamp (or a document time stamp itself) vouches for. */
  timestampTime: string | null;
  /** The signature time stamp checked (imprint, signature, TSA chain); null when there is none. */
  signatureTimestamp: TimestampCheck | null;
  /** The time the chain and revocation were judged at. */
  validationTime: { time: string; source: ValidationTimeSource };
  chainTrusted: boolean | null;
  /** The signer's (and intermediate) certificates at the validation time, from the DSS and the CMS. */
  revocation: RevocationReport;
  level: 'none' | 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | 'timestamp';
  problems: string[];
}

export interface VerifyOptions {
  /** Trust anchors (DER certificates, or PEM holding one or more); without them (or with none) chains are not judged. */
  trustAnchors?: Array<Buffer | string>;
  /**
   * The time to judge validity at (now when unset): a time stamp whose TSA certificate has
   * expired by then stays trusted only when a later trusted document time stamp proves it
   * existed while the certificate was valid (an archive time stamp, PAdES B-LTA).
   */
  validationTime?: Date;
}
