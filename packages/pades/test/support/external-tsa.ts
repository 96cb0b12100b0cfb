import type { KeyObject } from 'node:crypto';
import {
  addYears,
  caKeyUsages,
  signCertificate,
  signingKeyUsages,
  type CertificateIssuer,
} from '../../src/pki/certificate-builder.ts';
import { signCrl } from '../../src/pki/crl.ts';
import { buildName } from '../../src/pki/distinguished-name.ts';
import { generateKeyPair } from '../../src/pki/keys.ts';
import { x509 } from '../../src/pki/x509.ts';
import {
  createTimestampResponder,
  requestLocalTimestamp,
  type TimestampResponder,
} from '../../src/timestamp/index.ts';
import { startCrlServer, type TestCrlServer } from './crl-server.ts';
import { startOcspResponder, type TestOcspResponder } from './ocsp-responder.ts';
import { serveResponder, startTestTsaServer, type TestTsaServer } from './timestamp-server.ts';

/** A time-stamp authority of another PKI than the signer's, as an operator's TSA_URL names one. */
export interface ExternalTsa {
  /** Its root certificate (DER): a trust anchor for verification. */
  root: Buffer;
  /** The TSA's certificate (DER); its tokens carry only this one. */
  certificate: Buffer;
  /** The TSA's issuing CA's certificate (DER), found through the TSA's CA issuers URL. */
  ca: Buffer;
  /** The TSA over HTTP (POST application/timestamp-query). */
  url: string;
  /** The same TSA called in process. */
  timestamp: (digest: Buffer) => Promise<Buffer>;
  /** Publishes the CA certificates and CRLs (paths /root.crt, /ca.crt, /root.crl, /ca.crl). */
  files: TestCrlServer;
  /** The issuing CA's OCSP responder, named in the TSA certificate. */
  ocsp: TestOcspResponder;
  /** Publishes new CRLs of both CAs, issued now (each is due again in six hours). */
  publishCrls(): Promise<void>;
  /**
   * The TSA's operator rolls its certificate over: a new key and a certificate from the same
   * CA, valid for `validDays` (two years when unset), stamp from now on; answers it (DER).
   */
  rollOver(validDays?: number): Promise<Buffer>;
  close(): Promise<void>;
}

// The CAs publish a CRL every six hours.
const crlOptions = { revoked: [], nextUpdateHours: 6 };

type Issued = { certificate: x509.X509Certificate; privateKey: KeyObject };

async function issue(
  commonName: string,
  issuer: Issued | 'self',
  extensions: x509.Extension[],
  crlUrl?: string,
  validDays?: number,
): Promise<Issued> {
  const keys = await generateKeyPair();
  const signer: CertificateIssuer = issuer === 'self' ? { selfSigned: keys.privateKey } : issuer;
  const now = new Date();
  const certificate = await signCertificate({
    subject: buildName({ country: 'SE', organisation: 'Extern Tidsstämpel AB', commonName }),
    publicKey: keys.publicKey,
    issuer: signer,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: validDays ? new Date(now.getTime() + validDays * 86_400_000) : addYears(now, 2),
    extensions,
    ...(crlUrl ? { crlUrl } : {}),
  });
  return { certificate, privateKey: keys.privateKey };
}

const der = (issued: Issued) => Buffer.from(issued.certificate.rawData);

/**
 * An external TSA on 127.0.0.1: root → issuing CA → TSA, the CA and TSA certificates naming
 * their CRL distribution points and CA issuers URLs, the TSA's also an OCSP responder, all
 * served by real HTTP servers; its tokens carry the TSA certificate alone. `tsaValidDays`
 * makes the TSA certificate short-lived (two years when unset), as a test of renewal needs.
 */
export async function startExternalTsa(
  options: { tsaValidDays?: number } = {},
): Promise<ExternalTsa> {
  const files = await startCrlServer();
  const ca = (basic: number) => [
    new x509.BasicConstraintsExtension(true, basic, true),
    new x509.KeyUsagesExtension(caKeyUsages, true),
  ];
  const root = await issue('Extern Rot CA', 'self', ca(1));
  const issuing = await issue(
    'Extern TSA CA',
    root,
    [...ca(0), new x509.AuthorityInfoAccessExtension({ caIssuers: `${files.url}/root.crt` })],
    `${files.url}/root.crl`,
  );
  const ocsp = await startOcspResponder({
    certificate: der(issuing),
    privateKey: issuing.privateKey,
    chain: [der(root)],
  });
  const issueTsa = async (validDays?: number) => {
    const issued = await issue(
      'Extern TSA',
      issuing,
      [
        new x509.KeyUsagesExtension(signingKeyUsages, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
        new x509.AuthorityInfoAccessExtension({ ocsp: ocsp.url, caIssuers: `${files.url}/ca.crt` }),
      ],
      `${files.url}/ca.crl`,
      validDays,
    );
    ocsp.statuses.set(issued.certificate.serialNumber.toLowerCase().replace(/^(00)+/, ''), 'good');
    return issued;
  };
  let tsa = await issueTsa(options.tsaValidDays);
  files.crls.set('/root.crt', der(root));
  files.crls.set('/ca.crt', der(issuing));
  const publishCrls = async () => {
    const crlOf = (authority: Issued) =>
      signCrl({ certificate: der(authority), privateKey: authority.privateKey }, crlOptions);
    files.crls.set('/root.crl', await crlOf(root));
    files.crls.set('/ca.crl', await crlOf(issuing));
  };
  await publishCrls();
  const responderOf = (issued: Issued): TimestampResponder =>
    createTimestampResponder({ certificate: der(issued), privateKey: issued.privateKey });
  let responder = responderOf(tsa);
  const server: TestTsaServer = await startTestTsaServer(
    serveResponder((query) => responder.respond(query)),
  );
  return {
    root: der(root),
    get certificate() {
      return der(tsa);
    },
    ca: der(issuing),
    url: server.url,
    timestamp: (digest) => requestLocalTimestamp(responder, digest),
    files,
    ocsp,
    publishCrls,
    async rollOver(validDays) {
      tsa = await issueTsa(validDays);
      responder = responderOf(tsa);
      return der(tsa);
    },
    close: async () => {
      await Promise.all([files.close(), ocsp.close(), server.close()]);
    },
  };
}
