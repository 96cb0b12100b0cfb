import {
  KeyObject,
  createPrivateKey,
  createPublicKey,
  generateKeyPair as generateNodeKeyPair,
  webcrypto,
} from 'node:crypto';
import { promisify } from 'node:util';
import { PkiError } from './errors.ts';

export type KeyAlgorithm = 'ecdsa-p256' | 'rsa-3072';

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const generate = promisify(generateNodeKeyPair);

/** Generates a fresh key pair: ECDSA on P-256 unless RSA 3072 is asked for. */
export async function generateKeyPair(algorithm: KeyAlgorithm = 'ecdsa-p256'): Promise<KeyPair> {
  return algorithm === 'rsa-3072'
    ? generate('rsa', { modulusLength: 3072, publicExponent: 0x10001 })
    : generate('ec', { namedCurve: 'P-256' });
}

/** Exports a private key as PKCS#8 PEM encrypted with AES-256-CBC (PBES2) under the passphrase. */
export function exportEncryptedPrivateKey(privateKey: KeyObject, passphrase: string): string {
  if (passphrase.length === 0) {
    throw new PkiError('invalid-input', 'A passphrase is required to store a private key');
  }
  const pem = privateKey.export({
    type: 'pkcs8',
    format: 'pem',
    cipher: 'aes-256-cbc',
    passphrase,
  });
  return pem.toString();
}

/** Reads an encrypted PKCS#8 PEM; refuses unencrypted keys and names a wrong passphrase as such. */
export function importEncryptedPrivateKey(pem: string, passphrase: string): KeyObject {
  if (!pem.includes('-----BEGIN ENCRYPTED PRIVATE KEY-----')) {
    throw new PkiError('unencrypted-key', 'The stored private key is not encrypted; refusing it');
  }
  try {
    return createPrivateKey({ key: pem, format: 'pem', passphrase });
  } catch (error) {
    // A wrong passphrase shows up as bad padding or, rarely, as garbage DER: both mean the same.
    throw new PkiError(
      'wrong-passphrase',
      'The passphrase does not decrypt the stored private key (is PKI_PASSPHRASE right?)',
      { cause: error },
    );
  }
}

type SigningAlgorithm = webcrypto.EcKeyImportParams | webcrypto.RsaHashedImportParams;

const curveNames: Record<string, { namedCurve: string; hash: string }> = {
  prime256v1: { namedCurve: 'P-256', hash: 'SHA-256' },
  secp384r1: { namedCurve: 'P-384', hash: 'SHA-384' },
  secp521r1: { namedCurve: 'P-521', hash: 'SHA-512' },
};

/** The WebCrypto signature algorithm for a key: ECDSA with the curve's hash, or RSA PKCS#1 v1.5 with SHA-256. */
export function signatureAlgorithmFor(key: KeyObject): SigningAlgorithm & { hash: string } {
  if (key.asymmetricKeyType === 'rsa') return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const curve = curveNames[key.asymmetricKeyDetails?.namedCurve ?? ''];
  if (key.asymmetricKeyType === 'ec' && curve) return { name: 'ECDSA', ...curve };
  throw new PkiError(
    'invalid-input',
    `Unsupported key type ${key.asymmetricKeyType ?? 'unknown'}: use ECDSA (P-256, P-384, P-521) or RSA`,
  );
}

/** Converts a node private key into a non-extractable WebCrypto signing key, as @peculiar/x509 needs. */
export async function toSigningCryptoKey(privateKey: KeyObject): Promise<webcrypto.CryptoKey> {
  const der = privateKey.export({ type: 'pkcs8', format: 'der' });
  const algorithm = signatureAlgorithmFor(privateKey);
  return webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']);
}

/** Converts a WebCrypto key back into a node KeyObject (same key material, node's API). */
export function fromCryptoKey(key: webcrypto.CryptoKey): KeyObject {
  return KeyObject.from(key);
}

/** The DER SubjectPublicKeyInfo of a public or private key. */
export function subjectPublicKeyInfo(key: KeyObject): Buffer {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return publicKey.export({ type: 'spki', format: 'der' });
}

/** True when the private key belongs to the public key (their SubjectPublicKeyInfo are equal). */
export function keysMatch(privateKey: KeyObject, publicKey: KeyObject): boolean {
  return subjectPublicKeyInfo(privateKey).equals(subjectPublicKeyInfo(publicKey));
}
