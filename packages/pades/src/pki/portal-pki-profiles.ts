import type { KeyObject } from 'node:crypto';
import {
  addYears,
  caKeyUsages,
  signCertificate,
  signingKeyUsages,
  type CertificateIssuer,
} from './certificate-builder.ts';
import { buildName } from './distinguished-name.ts';
import { generateKeyPair, type KeyAlgorithm } from './keys.ts';
import { x509 } from './x509.ts';

export interface PortalPkiProfileOptions {
  organisation: string;
  country?: string;
  keyAlgorithm?: KeyAlgorithm;
  /** Where the issuing CA's CRL is published; goes into the seal, TSA and one-time certificates. */
  crlUrl?: string;
  /** Where the root's CRL is published; goes into the issuing CA certificate. */
  rootCrlUrl?: string;
}

export interface IssuedKeyPair {
  certificate: x509.X509Certificate;
  privateKey: KeyObject;
}

export interface PortalCertificates {
  root: IssuedKeyPair;
  issuing: IssuedKeyPair;
  seal: IssuedKeyPair;
  timeStamping: IssuedKeyPair;
}

/** Creates the portal's four keys and certificates: root CA, issuing CA, organisation seal, TSA. */
export async function createPortalCertificates(
  options: PortalPkiProfileOptions,
  now = new Date(),
): Promise<PortalCertificates> {
  const notBefore = new Date(now.getTime() - 60_000);
  const { organisation, country } = options;
  const name = (suffix: string) =>
    buildName({ country, organisation, commonName: commonNameWith(organisation, suffix) });
  const issue = async (
    subject: x509.Name,
    issuer: IssuedKeyPair | 'self',
    years: number,
    extensions: x509.Extension[],
    crlUrl: string | undefined,
  ): Promise<IssuedKeyPair> => {
    const keys = await generateKeyPair(options.keyAlgorithm);
    const signer: CertificateIssuer = issuer === 'self' ? { selfSigned: keys.privateKey } : issuer;
    const certificate = await signCertificate({
      subject,
      publicKey: keys.publicKey,
      issuer: signer,
      notBefore,
      notAfter: addYears(now, years),
      extensions,
      crlUrl,
    });
    return { certificate, privateKey: keys.privateKey };
  };
  const caExtensions = (pathLength?: number) => [
    new x509.BasicConstraintsExtension(true, pathLength, true),
    new x509.KeyUsagesExtension(caKeyUsages, true),
  ];
  const root = await issue(name(' Root CA'), 'self', 20, caExtensions(), undefined);
  const issuing = await issue(name(' Issuing CA'), root, 10, caExtensions(0), options.rootCrlUrl);
  const seal = await issue(
    name(' e-seal'),
    issuing,
    3,
    [new x509.KeyUsagesExtension(signingKeyUsages, true)],
    options.crlUrl,
  );
  const timeStamping = await issue(
    name(' Time Stamping Authority'),
    issuing,
    5,
    [
      new x509.KeyUsagesExtension(signingKeyUsages, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
    ],
    options.crlUrl,
  );
  return { root, issuing, seal, timeStamping };
}

// A common name holds at most 64 characters; a long organisation name is shortened in it (not in O).
function commonNameWith(organisation: string, suffix: string): string {
  return `${organisation.slice(0, 64 - suffix.length).trimEnd()}${suffix}`;
}
