import { X509Certificate } from 'node:crypto';

/** Who must own the credential a qualified signature is made with. */
export interface QualifiedSigner {
  email: string;
  /** The personal identity code the sender gave, if any. */
  personalIdentityCode: string | null;
}

// ETSI EN 319 412-1 puts a type and a country before the value: PNOFI-131052-308T.
const etsiPrefix = /^[A-Z]{3}[A-Z]{2}-/;

/**
 * True when a certificate subject's serialNumber is the identifier: as it stands (a SATU
 * in a Finnish citizen certificate) or in the ETSI semantics form (PNOFI-<code>).
 */
export function subjectNamesIdentifier(subject: string, identifier: string): boolean {
  return subject
    .split(', ')
    .filter((part) => part.startsWith('serialNumber='))
    .map((part) => part.slice('serialNumber='.length))
    .some((serial) => serial === identifier || serial.replace(etsiPrefix, '') === identifier);
}

/** The e-mail addresses a certificate names: its subjectAltName and any emailAddress in its subject. */
function emailsOf(certificate: X509Certificate): string[] {
  const alternative = (certificate.subjectAltName ?? '')
    .split(', ')
    .filter((entry) => entry.startsWith('email:'))
    .map((entry) => entry.slice('email:'.length));
  const inSubject = certificate.subject
    .split('\n')
    .filter((part) => part.startsWith('emailAddress='))
    .map((part) => part.slice('emailAddress='.length));
  return [...alternative, ...inSubject].map((email) => email.trim().toLowerCase());
}

/**
 * True when the certificate is the signer's: when the sender gave the signer's personal
 * identity code, its subject serialNumber must carry exactly that code (PNOFI-<code>, ETSI
 * EN 319 412-1); otherwise it must name the signer's e-mail address. A certificate that
 * cannot be read names nobody.
 */
export function certificateNamesSigner(der: Buffer, signer: QualifiedSigner): boolean {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(der);
  } catch {
    return false;
  }
  if (signer.personalIdentityCode)
    return subjectNamesIdentifier(
      certificate.subject.replaceAll('\n', ', '),
      signer.personalIdentityCode,
    );
  return emailsOf(certificate).includes(signer.email.trim().toLowerCase());
}
