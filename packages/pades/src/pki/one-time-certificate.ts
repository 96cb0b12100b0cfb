import { signCertificate, signingKeyUsages } from './certificate-builder.ts';
import { toPem, type PkiCredential } from './credential.ts';
import { buildName } from './distinguished-name.ts';
import { PkiError } from './errors.ts';
import { generateKeyPair, type KeyAlgorithm } from './keys.ts';
import type { PortalPki } from './portal-pki.ts';
import { x509 } from './x509.ts';

export interface OneTimeCertificateRequest {
  commonName: string;
  givenName?: string;
  surname?: string;
  /** Put in the subject serialNumber exactly as given, e.g. 'PNOFI-131052-308T' (ETSI EN 319 412-1). */
  serialNumber?: string;
  /** Put in subjectAltName as an rfc822Name, where RFC 5280 wants e-mail addresses. */
  email?: string;
  validityMinutes?: number;
  keyAlgorithm?: KeyAlgorithm;
  /** Certificate policy OIDs to carry (a non-critical certificatePolicies extension). */
  policies?: string[];
}

const maximumValidityMinutes = 60 * 24 * 7;

/** Issues a certificate for a fresh key from the issuing CA: signing only, valid from a minute ago for validityMinutes. */
export async function issueOneTimeCertificate(
  pki: PortalPki,
  request: OneTimeCertificateRequest,
): Promise<PkiCredential> {
  const { validityMinutes = 60 } = request;
  if (!Number.isFinite(validityMinutes) || validityMinutes <= 0) {
    throw new PkiError('invalid-input', 'validityMinutes must be a positive number');
  }
  if (validityMinutes > maximumValidityMinutes) {
    throw new PkiError(
      'invalid-input',
      `A one-time certificate lives at most ${maximumValidityMinutes} minutes`,
    );
  }
  const now = new Date();
  const keys = await generateKeyPair(request.keyAlgorithm);
  const issuingCertificate = new x509.X509Certificate(pki.issuing.certificate);
  const extensions: x509.Extension[] = [new x509.KeyUsagesExtension(signingKeyUsages, true)];
  if (request.email !== undefined) {
    // rfc822Name is an IA5String: an internationalised address would need SmtpUTF8Mailbox.
    if (!/^[\x21-\x3f\x41-\x7e]+@[\x21-\x3f\x41-\x7e]+$/.test(request.email)) {
      throw new PkiError('invalid-input', 'email must be an ASCII address such as name@example.fi');
    }
    extensions.push(
      new x509.SubjectAlternativeNameExtension([{ type: 'email', value: request.email }]),
    );
  }
  if (request.policies?.length)
    extensions.push(new x509.CertificatePolicyExtension(request.policies, false));
  const certificate = await signCertificate({
    subject: buildName({
      surname: request.surname,
      givenName: request.givenName,
      serialNumber: request.serialNumber,
      commonName: request.commonName,
    }),
    publicKey: keys.publicKey,
    issuer: { certificate: issuingCertificate, privateKey: pki.issuing.privateKey },
    notBefore: new Date(now.getTime() - 60_000),
    // Never beyond the issuing CA, or validators would reject the chain before the key expires.
    notAfter: new Date(
      Math.min(now.getTime() + validityMinutes * 60_000, issuingCertificate.notAfter.getTime()),
    ),
    extensions,
    crlUrl: pki.crlUrl,
  });
  const der = Buffer.from(certificate.rawData);
  return {
    certificate: der,
    certificatePem: toPem(der, 'CERTIFICATE'),
    privateKey: keys.privateKey,
    chain: [pki.issuing.certificate, ...pki.issuing.chain],
  };
}
