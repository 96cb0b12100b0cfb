import * as asn1js from 'asn1js';
import { keyIdentifierOf } from './certificate-builder.ts';
import type { PkiCredential } from './credential.ts';
import { PkiError } from './errors.ts';
import { signatureAlgorithmFor, toSigningCryptoKey } from './keys.ts';
import type { PortalPki } from './portal-pki.ts';
import { x509 } from './x509.ts';

export interface RevokedCertificate {
  /** The certificate's serial number in hex (colons allowed), as openssl and @peculiar/x509 print it. */
  serial: string;
  revokedAt: Date;
}

export interface CrlOptions {
  revoked: RevokedCertificate[];
  nextUpdateHours?: number;
  /** Defaults to the issue time in milliseconds, so later CRLs always carry larger numbers. */
  crlNumber?: bigint;
}

const crlNumberOid = '2.5.29.20';

/** A DER CRL of the issuing CA listing the revoked certificates, valid from now for nextUpdateHours. */
export async function createCrl(pki: PortalPki, options: CrlOptions): Promise<Buffer> {
  return signCrl(pki.issuing, options);
}

/** A DER CRL of the root CA (it revokes issuing CAs), signed by the root. */
export async function createRootCrl(pki: PortalPki, options: CrlOptions): Promise<Buffer> {
  return signCrl(pki.root, options);
}

/** A DER CRL signed by any CA (its certificate and key), listing the revoked certificates. */
export async function signCrl(
  authority: Pick<PkiCredential, 'certificate' | 'privateKey'>,
  options: CrlOptions,
): Promise<Buffer> {
  const { nextUpdateHours = 24 } = options;
  if (!Number.isFinite(nextUpdateHours) || nextUpdateHours <= 0) {
    throw new PkiError('invalid-input', 'nextUpdateHours must be a positive number');
  }
  const now = new Date();
  const certificate = new x509.X509Certificate(authority.certificate);
  const crlNumber = options.crlNumber ?? BigInt(now.getTime());
  const crl = await x509.X509CrlGenerator.create({
    issuer: certificate.subjectName,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + nextUpdateHours * 3_600_000),
    entries: options.revoked.map((entry) => ({
      serialNumber: normaliseSerial(entry.serial),
      revocationDate: entry.revokedAt,
      // Without one extension the generator writes an empty crlEntryExtensions, which RFC 5280
      // forbids (SIZE 1..MAX) and strict readers (pkijs) refuse.
      invalidity: entry.revokedAt,
    })),
    extensions: [
      new x509.AuthorityKeyIdentifierExtension(keyIdentifierOf(certificate)),
      new x509.Extension(crlNumberOid, false, asn1js.Integer.fromBigInt(crlNumber).toBER()),
    ],
    signingKey: await toSigningCryptoKey(authority.privateKey),
    signingAlgorithm: signatureAlgorithmFor(authority.privateKey),
  });
  return Buffer.from(crl.rawData);
}

function normaliseSerial(serial: string): string {
  const hex = serial.replace(/:/g, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex)) {
    throw new PkiError('invalid-input', `A serial number must be hexadecimal, not ${serial}`);
  }
  return hex;
}
