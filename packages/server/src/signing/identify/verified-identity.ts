import { isValidPersonalIdentityCode } from '@esign/contract';

/**
 * Who a signer proved to be at an identity provider (Advanced). It is what the signing
 * service keeps (sign_flow_signers.verified_identity, signer sessions) and what the
 * personal signed file lists; the personal identity code is processed only for that file.
 */
export interface VerifiedIdentity {
  method: 'oidc';
  issuer: string;
  subject: string;
  name: string | null;
  email: string | null;
  personalIdentityCode: string | null;
}

/** Where a refused claim is reported: the request's logger (pino) fits. */
export interface WarningLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const asString = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

// Haka-style values carry the code behind a prefix: urn:schac:personalUniqueID:fi:FIC:<code>.
const schacFinnishCode = /^urn:schac:personalUniqueID:fi:FIC:/i;

/**
 * Maps the provider's claims to a verified identity. An address the provider says it has
 * not verified counts as none; a personal identity code that is not valid counts as none
 * and is reported without its value.
 */
export function verifiedIdentityFromClaims(
  issuer: string,
  claims: Record<string, unknown>,
  personalIdClaim: string,
  log: WarningLog,
): VerifiedIdentity {
  const name =
    asString(claims.name) ??
    ([asString(claims.given_name), asString(claims.family_name)].filter(Boolean).join(' ') || null);
  const rawCode = claims[personalIdClaim];
  const code = asString(rawCode)?.replace(schacFinnishCode, '') ?? null;
  const validCode = code !== null && isValidPersonalIdentityCode(code) ? code : null;
  if (rawCode !== undefined && rawCode !== null && validCode === null) {
    log.warn(
      { issuer, subject: String(claims.sub), claim: personalIdClaim },
      'signer identification: the personal identity code claim is not a valid code; ignored',
    );
  }
  return {
    method: 'oidc',
    issuer,
    subject: String(claims.sub),
    name,
    email: claims.email_verified === false ? null : asString(claims.email),
    personalIdentityCode: validCode,
  };
}

/**
 * True when the proved identity is the signer the link was sent to. When the sender gave
 * the signer's personal identity code, the proved code must be exactly that one (e-mail
 * alone does not do: a provider such as Suomi.fi proves no address); otherwise the verified
 * e-mail address must equal the signer's, ignoring case.
 */
export function identityMatchesSigner(
  identity: Pick<VerifiedIdentity, 'email' | 'personalIdentityCode'>,
  signer: { email: string; personal_identity_code?: string | null },
): boolean {
  if (signer.personal_identity_code)
    return identity.personalIdentityCode?.toUpperCase() === signer.personal_identity_code;
  const proved = identity.email?.trim().toLowerCase();
  return Boolean(proved) && proved === signer.email.trim().toLowerCase();
}
