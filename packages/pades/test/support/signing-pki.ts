import { join } from 'node:path';
import {
  createDirectoryPkiStore,
  issueOneTimeCertificate,
  loadOrCreatePortalPki,
} from '../../src/pki/index.ts';
import { keySigner, type Signer } from '../../src/signers/signer.ts';
import { createTimestampResponder, requestLocalTimestamp } from '../../src/timestamp/index.ts';
import { workDir } from './fixtures.ts';

export interface SigningPki {
  /** The portal root certificate (DER), the trust anchor. */
  root: Buffer;
  /** One signer with a one-time certificate per name, in order. */
  signers: Signer[];
  /** The portal's own time-stamp authority, called in process. */
  timestamp: (digest: Buffer) => Promise<Buffer>;
}

/** A fresh portal PKI with one-time signers for the given names and its local TSA. */
export async function createSigningPki(names: string[]): Promise<SigningPki> {
  const pki = await loadOrCreatePortalPki(createDirectoryPkiStore(join(workDir(), 'pki')), {
    passphrase: 'appearance test passphrase',
    organisation: 'Esimerkkiyliopisto',
    country: 'FI',
    crlUrl: 'http://127.0.0.1/crl/issuing.crl',
  });
  const signers: Signer[] = [];
  for (const commonName of names) {
    const issued = await issueOneTimeCertificate(pki, { commonName });
    signers.push(keySigner(issued.privateKey, issued.certificate, issued.chain));
  }
  const responder = createTimestampResponder(pki.timeStamping);
  return {
    root: pki.root.certificate,
    signers,
    timestamp: (digest) => requestLocalTimestamp(responder, digest),
  };
}
