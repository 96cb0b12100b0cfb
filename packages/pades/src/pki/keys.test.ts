import { createPrivateKey, generateKeyPairSync, sign, verify, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  exportEncryptedPrivateKey,
  fromCryptoKey,
  generateKeyPair,
  importEncryptedPrivateKey,
  keysMatch,
  signatureAlgorithmFor,
  toSigningCryptoKey,
} from './keys.ts';

describe('keys', () => {
  it('makes ECDSA P-256 keys by default and RSA 3072 keys when asked', async () => {
    const ec = await generateKeyPair();
    expect(ec.privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const rsa = await generateKeyPair('rsa-3072');
    expect(rsa.privateKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
  });

  it('stores a key as encrypted PKCS#8 PEM that only the passphrase opens', async () => {
    const { privateKey, publicKey } = await generateKeyPair();
    const pem = exportEncryptedPrivateKey(privateKey, 'salainen');
    expect(pem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----\n/);
    const restored = importEncryptedPrivateKey(pem, 'salainen');
    expect(restored.equals(privateKey)).toBe(true);
    expect(keysMatch(restored, publicKey)).toBe(true);
    expect(() => importEncryptedPrivateKey(pem, 'väärä')).toThrow(
      expect.objectContaining({ code: 'wrong-passphrase' }),
    );
  });

  it('refuses to read a key that was stored without encryption', async () => {
    const { privateKey } = await generateKeyPair();
    const plain = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => importEncryptedPrivateKey(plain, 'salainen')).toThrow(
      expect.objectContaining({ code: 'unencrypted-key' }),
    );
  });

  it('refuses an empty passphrase', async () => {
    const { privateKey } = await generateKeyPair();
    expect(() => exportEncryptedPrivateKey(privateKey, '')).toThrow(
      expect.objectContaining({ code: 'invalid-input' }),
    );
  });

  it.each(['ecdsa-p256', 'rsa-3072'] as const)(
    'turns a %s node key into a WebCrypto key that signs what node verifies',
    async (algorithm) => {
      const { privateKey, publicKey } = await generateKeyPair(algorithm);
      const cryptoKey = await toSigningCryptoKey(privateKey);
      const data = Buffer.from('allekirjoitus');
      const signature = Buffer.from(
        await webcrypto.subtle.sign(signatureAlgorithmFor(privateKey), cryptoKey, data),
      );
      const options =
        algorithm === 'ecdsa-p256'
          ? { key: publicKey, dsaEncoding: 'ieee-p1363' as const }
          : publicKey;
      expect(verify('sha256', data, options, signature)).toBe(true);
    },
  );

  it('turns a WebCrypto key back into the same node key', async () => {
    const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const nodeKey = fromCryptoKey(pair.privateKey);
    const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
    expect(nodeKey.equals(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }))).toBe(true);
    const signature = sign('sha256', Buffer.from('x'), nodeKey);
    expect(verify('sha256', Buffer.from('x'), fromCryptoKey(pair.publicKey), signature)).toBe(true);
  });

  it('refuses key types the PKI does not sign with', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    expect(() => signatureAlgorithmFor(privateKey)).toThrow(
      expect.objectContaining({ code: 'invalid-input' }),
    );
  });
});
