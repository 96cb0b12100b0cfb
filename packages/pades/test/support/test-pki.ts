import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import {
  createCrl,
  createDirectoryPkiStore,
  createRootCrl,
  issueOneTimeCertificate,
  loadOrCreatePortalPki,
  type PkiCredential,
  type PortalPki,
  type RevokedCertificate,
} from '../../src/pki/index.ts';
import { fileSource } from '../../src/pdf/source.ts';
import { keySigner, type Signer } from '../../src/signers/signer.ts';
import { createTimestampResponder, requestLocalTimestamp } from '../../src/timestamp/index.ts';
import { verifyPdf } from '../../src/verify/verify.ts';
import { workDir } from './fixtures.ts';

export interface TestPki {
  pki: PortalPki;
  /** The root certificate (DER), the trust anchor. */
  root: Buffer;
  /** The portal's TSA, called in process. */
  timestamp: (digest: Buffer) => Promise<Buffer>;
  /** A signer with a fresh one-time certificate, and that certificate's serial (hex). */
  issue(commonName: string): Promise<{ signer: Signer; credential: PkiCredential; serial: string }>;
  /** The issuing CA's CRL (listing `revoked`) and the root's. */
  crls(revoked?: RevokedCertificate[]): Promise<Buffer[]>;
}

/** A fresh portal PKI (root, issuing CA, TSA) for verification tests. */
export async function createTestPki(
  options: { organisation?: string; crlUrl?: string; rootCrlUrl?: string } = {},
): Promise<TestPki> {
  const pki = await loadOrCreatePortalPki(createDirectoryPkiStore(join(workDir(), 'pki')), {
    passphrase: 'verification test passphrase',
    organisation: options.organisation ?? 'Esimerkkiyliopisto',
    country: 'FI',
    crlUrl: options.crlUrl ?? 'http://127.0.0.1/crl/issuing.crl',
    ...(options.rootCrlUrl ? { rootCrlUrl: options.rootCrlUrl } : {}),
  });
  const responder = createTimestampResponder(pki.timeStamping);
  return {
    pki,
    root: pki.root.certificate,
    timestamp: (digest) => requestLocalTimestamp(responder, digest),
    async issue(commonName) {
      const credential = await issueOneTimeCertificate(pki, { commonName });
      return {
        signer: keySigner(credential.privateKey, credential.certificate, credential.chain),
        credential,
        serial: new X509Certificate(credential.certificate).serialNumber,
      };
    },
    crls: async (revoked = []) => [
      await createCrl(pki, { revoked }),
      await createRootCrl(pki, { revoked: [] }),
    ],
  };
}

/** Our verifier's reports on a file, with the given trust anchors. */
export async function verifyFile(path: string, trustAnchors?: Buffer[]) {
  const source = await fileSource(path);
  try {
    return await verifyPdf(source, trustAnchors ? { trustAnchors } : {});
  } finally {
    await source.close();
  }
}
