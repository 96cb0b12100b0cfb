import type { KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  addYears,
  caKeyUsages,
  signCertificate,
  signingKeyUsages,
} from '../../src/pki/certificate-builder.ts';
import { buildName, type NameAttributes } from '../../src/pki/distinguished-name.ts';
import { generateKeyPair, signatureAlgorithmFor, toSigningCryptoKey } from '../../src/pki/keys.ts';
import { x509 } from '../../src/pki/x509.ts';
import type { KeyCredential } from '../../src/pki/credential.ts';
import { serialOf, type OcspStatus } from './ocsp-responder.ts';

/** A credential held by the CSC test service. */
export interface TestCscCredential {
  id: string;
  privateKey: KeyObject;
  /** The signer's certificate first, then its chain (DER). */
  certificates: Buffer[];
  /** 'explicit': credentials/authorize with the PIN; 'oauth2code': the signer authorises in the browser. */
  authMode: 'explicit' | 'oauth2code';
  /** The PIN for 'explicit' credentials. */
  pin?: string;
  /** The user the credential belongs to, as credentials/list takes it (userID); anyone's when unset. */
  userID?: string;
  /** CRLs of its CAs by the URL path they are published at (see crlBaseUrl). */
  crls?: Map<string, Buffer>;
  /** The issuing CA's OCSP responder, at `<crlBaseUrl>/ocsp` (named in the signer's certificate). */
  ocsp?: { path: string; issuer: KeyCredential; statuses: Map<string, OcspStatus> };
}

export interface QualifiedTestCredential {
  credential: TestCscCredential;
  /** The test qualified root CA (DER): the trust anchor for the credential's signatures. */
  root: Buffer;
}

// ETSI EN 319 412-5 statements of a qualified certificate for e-signatures on a QSCD.
const qcStatementOids = {
  qcStatements: '1.3.6.1.5.5.7.1.3',
  qcCompliance: '0.4.0.1862.1.1',
  qcSscd: '0.4.0.1862.1.4',
  qcType: '0.4.0.1862.1.6',
  qcTypeEsign: '0.4.0.1862.1.6.1',
  policyQcpNaturalQscd: '0.4.0.194112.1.2',
};

function qcStatementsExtension(): x509.Extension {
  const statement = (id: string, info?: asn1js.Sequence) =>
    new asn1js.Sequence({
      value: [new asn1js.ObjectIdentifier({ value: id }), ...(info ? [info] : [])],
    });
  const value = new asn1js.Sequence({
    value: [
      statement(qcStatementOids.qcCompliance),
      statement(qcStatementOids.qcSscd),
      statement(
        qcStatementOids.qcType,
        new asn1js.Sequence({
          value: [new asn1js.ObjectIdentifier({ value: qcStatementOids.qcTypeEsign })],
        }),
      ),
    ],
  }).toBER(false);
  return new x509.Extension(qcStatementOids.qcStatements, false, value);
}

const distributionPoint = (base: string | undefined, name: string) =>
  base ? [new x509.CRLDistributionPointsExtension([`${base}/${name}`])] : [];

/** A CA's CRL revoking nothing, valid for a week. */
async function emptyCrl(authority: x509.X509Certificate, key: KeyObject): Promise<Buffer> {
  const now = new Date();
  const crl = await x509.X509CrlGenerator.create({
    issuer: authority.subjectName,
    thisUpdate: new Date(now.getTime() - 60_000),
    nextUpdate: new Date(now.getTime() + 7 * 24 * 3_600_000),
    entries: [],
    signingKey: await toSigningCryptoKey(key),
    signingAlgorithm: signatureAlgorithmFor(key),
  });
  return Buffer.from(crl.rawData);
}

/**
 * A test 'qualified' trust service's PKI: a root and an issuing CA and, for a fresh RSA key,
 * a certificate with the QC statements and the QCP-n-qscd policy a qualified one carries.
 */
export async function createQualifiedTestCredential(
  options: {
    id?: string;
    subject?: NameAttributes;
    authMode?: TestCscCredential['authMode'];
    pin?: string;
    userID?: string;
    /** An e-mail address for the certificate's subjectAltName. */
    email?: string;
    /**
     * Where the CAs publish their CRLs: the issuing CA's at `<base>/issuing.crl` (named in
     * the signer's certificate, with its OCSP responder at `<base>/ocsp`), the root's at
     * `<base>/root.crl` (named in the issuing CA's).
     */
    crlBaseUrl?: string;
  } = {},
): Promise<QualifiedTestCredential> {
  const now = new Date();
  const notBefore = new Date(now.getTime() - 60_000);
  const caName = (commonName: string) =>
    buildName({ country: 'FI', organisation: 'Testi-QTSP Oy', commonName });
  const caExtensions = [
    new x509.BasicConstraintsExtension(true, undefined, true),
    new x509.KeyUsagesExtension(caKeyUsages, true),
  ];
  const rootKeys = await generateKeyPair('ecdsa-p256');
  const root = await signCertificate({
    subject: caName('Testi-QTSP Qualified Root CA'),
    publicKey: rootKeys.publicKey,
    issuer: { selfSigned: rootKeys.privateKey },
    notBefore,
    notAfter: addYears(now, 10),
    extensions: caExtensions,
  });
  const issuingKeys = await generateKeyPair('ecdsa-p256');
  const issuing = await signCertificate({
    subject: caName('Testi-QTSP Qualified Issuing CA'),
    publicKey: issuingKeys.publicKey,
    issuer: { certificate: root, privateKey: rootKeys.privateKey },
    notBefore,
    notAfter: addYears(now, 5),
    extensions: [...caExtensions, ...distributionPoint(options.crlBaseUrl, 'root.crl')],
  });
  const signerKeys = await generateKeyPair('rsa-3072');
  const signer = await signCertificate({
    subject: buildName(
      options.subject ?? {
        country: 'FI',
        surname: 'Meikäläinen',
        givenName: 'Maija',
        serialNumber: 'PNOFI-311280-999J',
        commonName: 'Maija Meikäläinen',
      },
    ),
    publicKey: signerKeys.publicKey,
    issuer: { certificate: issuing, privateKey: issuingKeys.privateKey },
    notBefore,
    notAfter: addYears(now, 2),
    extensions: [
      new x509.KeyUsagesExtension(signingKeyUsages, true),
      new x509.CertificatePolicyExtension([qcStatementOids.policyQcpNaturalQscd]),
      qcStatementsExtension(),
      ...(options.email
        ? [new x509.SubjectAlternativeNameExtension([{ type: 'email', value: options.email }])]
        : []),
      ...distributionPoint(options.crlBaseUrl, 'issuing.crl'),
      ...(options.crlBaseUrl
        ? [new x509.AuthorityInfoAccessExtension({ ocsp: `${options.crlBaseUrl}/ocsp` })]
        : []),
    ],
  });
  const crls = options.crlBaseUrl
    ? new Map([
        [
          `${new URL(options.crlBaseUrl).pathname}/issuing.crl`,
          await emptyCrl(issuing, issuingKeys.privateKey),
        ],
        [
          `${new URL(options.crlBaseUrl).pathname}/root.crl`,
          await emptyCrl(root, rootKeys.privateKey),
        ],
      ])
    : undefined;
  return {
    credential: {
      id: options.id ?? 'qualified-1',
      privateKey: signerKeys.privateKey,
      certificates: [signer, issuing, root].map((item) => Buffer.from(item.rawData)),
      authMode: options.authMode ?? 'oauth2code',
      ...(options.pin ? { pin: options.pin } : {}),
      ...(options.userID ? { userID: options.userID } : {}),
      ...(crls ? { crls } : {}),
      ...(options.crlBaseUrl
        ? {
            ocsp: {
              path: `${new URL(options.crlBaseUrl).pathname}/ocsp`,
              issuer: {
                certificate: Buffer.from(issuing.rawData),
                privateKey: issuingKeys.privateKey,
                chain: [Buffer.from(root.rawData)],
              },
              statuses: new Map([[serialOf(Buffer.from(signer.rawData)), 'good' as const]]),
            },
          }
        : {}),
    },
    root: Buffer.from(root.rawData),
  };
}
