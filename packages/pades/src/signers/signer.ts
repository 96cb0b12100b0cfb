import { sign as signWithKey, type KeyObject } from 'node:crypto';

export type SignatureAlgorithm = 'ecdsa-sha256' | 'rsa-sha256';

/** Whatever makes the signature value: a local key, a PKCS#12 file, a remote QTSP. */
export interface Signer {
  /** The signer's certificate (DER). */
  certificate: Buffer;
  /** Issuing certificates up to (and possibly including) the root (DER). */
  chain: Buffer[];
  algorithm: SignatureAlgorithm;
  /** Signs data (the DER of the CMS signed attributes) with SHA-256. */
  sign(data: Buffer): Promise<Buffer>;
}

/** A signer over a private key held in this process (an in-memory one-time key or a PKCS#12 seal). */
export function keySigner(
  privateKey: KeyObject,
  certificate: Buffer,
  chain: Buffer[] = [],
): Signer {
  const algorithm: SignatureAlgorithm =
    privateKey.asymmetricKeyType === 'ec' ? 'ecdsa-sha256' : 'rsa-sha256';
  if (privateKey.asymmetricKeyType !== 'ec' && privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error(`unsupported key type ${privateKey.asymmetricKeyType ?? '?'}`);
  }
  return {
    certificate,
    chain,
    algorithm,
    sign: async (data) =>
      signWithKey(
        'sha256',
        data,
        algorithm === 'ecdsa-sha256' ? { key: privateKey, dsaEncoding: 'der' } : privateKey,
      ),
  };
}
