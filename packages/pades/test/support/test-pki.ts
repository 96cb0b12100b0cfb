import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import {
  createCrl,
  createDirectoryPkiStore,
  createRootCrl,
  issueOneTimeCertificate,
  loadOrCreatePortalPki,
  type OneTimeCertificateRequest,
  type PkiCredential,
  type PortalPki,
  type RevokedCertificate,
} from '../../src/pki/index.ts';
import { keySigner, type Signer } from '../../src/signers/signer.ts';
import {
  createTimestampResponder,
  requestLocalTimestamp,
  type TimestampResponder,
} from '../../src/timestamp/index.ts';
import { workDir } from './fixtures.ts';

export interface TestPki {
  pki: PortalPki;
  /** The root certificate (DER), the trust anchor. */
  root: Buffer;
  /** The portal's TSA responder, for serving it over HTTP. */
  responder: TimestampResponder;
  /** The portal's TSA, called in process. */
  timestamp: (digest: Buffer) => Promise<Buffer>;
  /** A signer with a fresh one-time certificate, and that certificate's serial (hex). */
  issue(
    commonName: string,
    request?: Omit<OneTimeCertificateRequest, 'commonName'>,
  ): Promise<{ signer: Signer; credential: PkiCredential; serial: string }>;
  /** One signer with a one-time certificate per name in the options' `signers`, in order. */
  signers: Signer[];
  /** The issuing CA's CRL (listing `revoked`) and the root's. */
  crls(revoked?: RevokedCertificate[]): Promise<Buffer[]>;
}

/** A fresh portal PKI (root, issuing CA, TSA) for signing and verification tests. */
export async function createTestPki(
  options: { organisation?: string; crlUrl?: string; rootCrlUrl?: string; signers?: string[] } = {},
): Promise<TestPki> {
  const pki = await loadOrCreatePortalPki(createDirectoryPkiStore(join(workDir(), 'pki')), {
    passphrase: 'test passphrase',
    organisation: options.organisation ?? 'Esimerkkiyliopisto',
    country: 'FI',
    crlUrl: options.crlUrl ?? 'http://127.0.0.1/crl/issuing.crl',
    ...(options.rootCrlUrl ? { rootCrlUrl: options.rootCrlUrl } : {}),
  });
  const responder = createTimestampResponder(pki.timeStamping);
  const issue: TestPki['issue'] = async (commonName, request = {}) => {
    const credential = await issueOneTimeCertificate(pki, { ...request, commonName });
    return {
      signer: keySigner(credential.privateKey, credential.certificate, credential.chain),
      credential,
      serial: new X509Certificate(credential.certificate).serialNumber,
    };
  };
  const signers: Signer[] = [];
  for (const name of options.signers ?? []) signers.push((await issue(name)).signer);
  return {
    pki,
    root: pki.root.certificate,
    responder,
    timestamp: (digest) => requestLocalTimestamp(responder, digest),
    issue,
    signers,
    crls: async (revoked = []) => [
      await createCrl(pki, { revoked }),
      await createRootCrl(pki, { revoked: [] }),
    ],
  };
}
