import { z } from 'zod';
import { IsoDateTime } from './entities.ts';
import { SignatureLevel } from './enums.ts';
import { Language } from './languages.ts';

/** The public verification page's calls (no login): a PDF in the multipart field 'file'. */
export const verifyPaths = {
  /** The page itself. */
  page: '/verify',
  verify: '/api/verify',
  /** The same verification as a PDF sealed by the portal, in `?Language=`. */
  report: '/api/verify/report',
} as const;

/**
 * The file in one line: no signature at all; every signature intact, trusted and not revoked;
 * a signature broken, revoked, or followed by changes a signed PDF does not allow; or intact
 * but not provably trusted (an unknown issuer, no revocation data).
 */
export const VerifyVerdict = z.enum(['Valid', 'Invalid', 'Unsigned', 'Indeterminate']);
export type VerifyVerdict = z.infer<typeof VerifyVerdict>;

export const VerifiedSignatureKind = z.enum(['Signature', 'DocumentTimestamp']);
export type VerifiedSignatureKind = z.infer<typeof VerifiedSignatureKind>;

/** The PAdES baseline levels (ETSI EN 319 142-1) as EU DSS names them. */
export const PadesBaselineLevel = z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']);
export type PadesBaselineLevel = z.infer<typeof PadesBaselineLevel>;

/**
 * One thing added after a signature: another signature, a document time stamp or validation
 * data (all of which a signed PDF allows), or another change, with a technical description.
 */
export const LaterChange = z.object({
  Kind: z.enum(['Signature', 'DocumentTimestamp', 'ValidationData', 'EmbeddedFile', 'Other']),
  Detail: z.string().nullable(),
});
export type LaterChange = z.infer<typeof LaterChange>;

/** The signer's certificates at the signature's time; NotChecked when the chain is not trusted. */
export const RevocationStatus = z.enum(['Good', 'Revoked', 'Unknown', 'NotChecked']);
export type RevocationStatus = z.infer<typeof RevocationStatus>;

export const VerifiedSignature = z.object({
  Kind: VerifiedSignatureKind,
  /** The signer's (or time-stamp authority's) name from its certificate. */
  Signer: z.string().nullable(),
  /** The time the signature claims (its /M); nothing vouches for it. */
  ClaimedTime: IsoDateTime.nullable(),
  /** The time a valid time stamp vouches for. */
  TimestampTime: IsoDateTime.nullable(),
  /** The level the portal issued the certificate for; Qualified from a trusted-list chain; null: unknown. */
  PortalLevel: SignatureLevel.nullable(),
  /** The PAdES baseline level reached; null for none (and for document time stamps). */
  PadesLevel: PadesBaselineLevel.nullable(),
  /** The signed bytes are unchanged and the signature over them holds. */
  Intact: z.boolean(),
  CoversWholeDocument: z.boolean(),
  LaterChanges: z.array(LaterChange),
  /** The certificate chain reaches the portal's root or a configured trusted root. */
  ChainTrusted: z.boolean(),
  Revocation: RevocationStatus,
});
export type VerifiedSignature = z.infer<typeof VerifiedSignature>;

export const VerifyResult = z.object({
  Verdict: VerifyVerdict,
  Signatures: z.array(VerifiedSignature),
});
export type VerifyResult = z.infer<typeof VerifyResult>;

export const VerifyReportQuery = z.object({ Language: Language.default('fi') });
export type VerifyReportQuery = z.infer<typeof VerifyReportQuery>;

export const verifyErrorKeys = {
  /** A PDF the verifier cannot read (broken structure). */
  unreadable: 'verify.errors.unreadable',
} as const;
export type VerifyErrorKey = (typeof verifyErrorKeys)[keyof typeof verifyErrorKeys];

export const verifyErrorMessages: Record<VerifyErrorKey, string> = {
  'verify.errors.unreadable': 'The file could not be read as a PDF document.',
};
