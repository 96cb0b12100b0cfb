import { randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { PkiError } from './errors.ts';
import { signatureAlgorithmFor, subjectPublicKeyInfo, toSigningCryptoKey } from './keys.ts';
import { x509 } from './x509.ts';

/** Who signs a new certificate: an existing CA, or the subject's own key (a self-signed root). */
export type CertificateIssuer =
  { certificate: x509.X509Certificate; privateKey: KeyObject } | { selfSigned: KeyObject };

export interface CertificateRequest {
  subject: x509.Name;
  publicKey: KeyObject;
  issuer: CertificateIssuer;
  notBefore: Date;
  notAfter: Date;
  /** The profile's own extensions (basic constraints, key usages...). */
  extensions: x509.Extension[];
  crlUrl?: string;
}

/** Signs a certificate with a random positive 16-byte serial, SKI, AKI and, when given, a CRL distribution point. */
export async function signCertificate(request: CertificateRequest): Promise<x509.X509Certificate> {
  const spki = subjectPublicKeyInfo(request.publicKey);
  const subjectKeyId = await x509.SubjectKeyIdentifierExtension.create(spki);
  const signer =
    'selfSigned' in request.issuer
      ? { name: request.subject, keyId: subjectKeyId.keyId, key: request.issuer.selfSigned }
      : {
          name: request.issuer.certificate.subjectName,
          keyId: keyIdentifierOf(request.issuer.certificate),
          key: request.issuer.privateKey,
        };
  const extensions = [
    ...request.extensions,
    subjectKeyId,
    new x509.AuthorityKeyIdentifierExtension(signer.keyId),
    ...(request.crlUrl ? [new x509.CRLDistributionPointsExtension([request.crlUrl])] : []),
  ];
  return x509.X509CertificateGenerator.create({
    serialNumber: randomSerialNumber(),
    subject: request.subject,
    issuer: signer.name,
    notBefore: request.notBefore,
    notAfter: request.notAfter,
    publicKey: spki,
    signingKey: await toSigningCryptoKey(signer.key),
    signingAlgorithm: signatureAlgorithmFor(signer.key),
    extensions,
  });
}

/** The subject key identifier of a CA certificate (hex); every certificate we issue carries one. */
export function keyIdentifierOf(certificate: x509.X509Certificate): string {
  const extension = certificate.getExtension(x509.SubjectKeyIdentifierExtension);
  if (extension) return extension.keyId;
  throw new PkiError(
    'invalid-input',
    `Certificate ${certificate.subject} has no subject key identifier`,
  );
}

/** A random serial of exactly 16 bytes whose top bit is clear, so the DER INTEGER stays positive. */
export function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes.toString('hex');
}

/** A date the given number of whole years after another (UTC calendar). */
export function addYears(date: Date, years: number): Date {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

/** Key usages for certificates that sign documents or time stamps. */
export const signingKeyUsages =
  x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;

/** Key usages for certificate authorities. */
export const caKeyUsages = x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign;
