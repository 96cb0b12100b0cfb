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

/** The distinguished name of one of the portal's certificates: the organisation and a suffix. */
export function portalName(options: PortalPkiProfileOptions, suffix: string): x509.Name {
  const { organisation, country } = options;
  return buildName({ country, organisation, commonName: commonNameWith(organisation, suffix) });
}

/** What the portal's certificates of each kind carry besides names, keys and validity. */
export const portalProfiles = {
  root: { years: 20, extensions: () => caExtensions() },
  issuing: { years: 10, extensions: () => caExtensions(0) },
  seal: { years: 3, extensions: () => [new x509.KeyUsagesExtension(signingKeyUsages, true)] },
  timeStamping: {
    years: 5,
    extensions: () => [
      new x509.KeyUsagesExtension(signingKeyUsages, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
    ],
  },
} as const;

function caExtensions(pathLength?: number): x509.Extension[] {
  return [
    new x509.BasicConstraintsExtension(true, pathLength, true),
    new x509.KeyUsagesExtension(caKeyUsages, true),
  ];
}

export interface PortalIssueRequest {
  subject: x509.Name;
  issuer: IssuedKeyPair | 'self';
  notBefore: Date;
  notAfter: Date;
  extensions: x509.Extension[];
  crlUrl: string | undefined;
  keyAlgorithm?: KeyAlgorithm;
}

/** A new key and its certificate, signed by `issuer` (or by itself). */
export async function issuePortalCertificate(request: PortalIssueRequest): Promise<IssuedKeyPair> {
  const keys = await generateKeyPair(request.keyAlgorithm);
  const signer: CertificateIssuer =
    request.issuer === 'self' ? { selfSigned: keys.privateKey } : request.issuer;
  const certificate = await signCertificate({
    subject: request.subject,
    publicKey: keys.publicKey,
    issuer: signer,
    notBefore: request.notBefore,
    notAfter: request.notAfter,
    extensions: request.extensions,
    crlUrl: request.crlUrl,
  });
  return { certificate, privateKey: keys.privateKey };
}

/** Creates the portal's four keys and certificates: root CA, issuing CA, organisation seal, TSA. */
export async function createPortalCertificates(
  options: PortalPkiProfileOptions,
  now = new Date(),
): Promise<PortalCertificates> {
  const notBefore = new Date(now.getTime() - 60_000);
  const issue = (
    role: keyof typeof portalProfiles,
    suffix: string,
    issuer: IssuedKeyPair | 'self',
    crlUrl: string | undefined,
  ) =>
    issuePortalCertificate({
      subject: portalName(options, suffix),
      issuer,
      notBefore,
      notAfter: addYears(now, portalProfiles[role].years),
      extensions: portalProfiles[role].extensions(),
      crlUrl,
      keyAlgorithm: options.keyAlgorithm,
    });
  const root = await issue('root', ' Root CA', 'self', undefined);
  const issuing = await issue('issuing', ' Issuing CA', root, options.rootCrlUrl);
  const seal = await issue('seal', ' e-seal', issuing, options.crlUrl);
  const timeStamping = await issue(
    'timeStamping',
    ' Time Stamping Authority',
    issuing,
    options.crlUrl,
  );
  return { root, issuing, seal, timeStamping };
}

// A common name holds at most 64 characters; a long organisation name is shortened in it (not in O).
function commonNameWith(organisation: string, suffix: string): string {
  return `${organisation.slice(0, 64 - suffix.length).trimEnd()}${suffix}`;
}
