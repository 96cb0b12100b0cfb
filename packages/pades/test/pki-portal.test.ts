import { execFileSync } from 'node:child_process';
import { X509Certificate, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PkiError,
  createDirectoryPkiStore,
  issueOneTimeCertificate,
  loadOrCreatePkiPassphrase,
  loadOrCreatePortalPki,
  portalPkiEntry,
  type PkiCredential,
  type PortalPki,
} from '../src/pki/index.ts';

const workDir = () => mkdtempSync(join(tmpdir(), 'pki-test-'));
const passphrase = 'correct horse battery staple';
const options = {
  passphrase,
  organisation: 'Testiyhtiö Oy',
  country: 'FI',
  crlUrl: 'http://127.0.0.1:8080/pki/issuing.crl',
  rootCrlUrl: 'http://127.0.0.1:8080/pki/root.crl',
};

function openssl(args: string[]): string {
  return execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Writes root, issuing and leaf as PEM files and asks openssl to verify the leaf's chain. */
function verifyChain(leaf: PkiCredential, pki: PortalPki): string {
  const dir = workDir();
  writeFileSync(join(dir, 'root.pem'), pki.root.certificatePem);
  writeFileSync(join(dir, 'issuing.pem'), pki.issuing.certificatePem);
  writeFileSync(join(dir, 'leaf.pem'), leaf.certificatePem);
  return openssl([
    'verify',
    '-CAfile',
    join(dir, 'root.pem'),
    '-untrusted',
    join(dir, 'issuing.pem'),
    join(dir, 'leaf.pem'),
  ]);
}

function certificateText(credential: PkiCredential): string {
  const dir = workDir();
  writeFileSync(join(dir, 'cert.pem'), credential.certificatePem);
  return openssl([
    'x509',
    '-in',
    join(dir, 'cert.pem'),
    '-noout',
    '-text',
    '-nameopt',
    'oneline,-esc_msb',
  ]);
}

describe('the portal PKI', () => {
  let dir: string;
  let pki: PortalPki;

  beforeAll(async () => {
    dir = workDir();
    pki = await loadOrCreatePortalPki(createDirectoryPkiStore(dir), options);
  });

  it('issues a seal and a time-stamping certificate whose chains openssl verifies', () => {
    expect(verifyChain(pki.seal, pki)).toContain(': OK');
    expect(verifyChain(pki.timeStamping, pki)).toContain(': OK');
  });

  it('issues one-time certificates whose chain openssl verifies', async () => {
    const oneTime = await issueOneTimeCertificate(pki, { commonName: 'Maija Meikäläinen' });
    expect(verifyChain(oneTime, pki)).toContain(': OK');
  });

  it('gives the root and issuing CA critical CA constraints and certificate-signing usages', () => {
    const root = certificateText(pki.root);
    expect(root).toMatch(/Basic Constraints: critical\s+CA:TRUE\n/);
    expect(root).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    expect(root).toContain('Subject: C = FI, O = Testiyhtiö Oy, CN = Testiyhtiö Oy Root CA');
    const issuing = certificateText(pki.issuing);
    expect(issuing).toMatch(/Basic Constraints: critical\s+CA:TRUE, pathlen:0/);
    expect(issuing).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    expect(issuing).toContain('URI:http://127.0.0.1:8080/pki/root.crl');
  });

  it('gives the time-stamping certificate the critical timeStamping extended key usage', () => {
    const text = certificateText(pki.timeStamping);
    expect(text).toMatch(/Extended Key Usage: critical\s+Time Stamping/);
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).toContain('URI:http://127.0.0.1:8080/pki/issuing.crl');
  });

  it('names the seal after the organisation and limits it to signing', () => {
    const text = certificateText(pki.seal);
    expect(text).toContain('Subject: C = FI, O = Testiyhtiö Oy, CN = Testiyhtiö Oy e-seal');
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).not.toContain('Extended Key Usage');
  });

  it('gives every certificate key identifiers, a positive 16-byte serial and the planned lifetime', () => {
    const years = { root: 20, issuing: 10, seal: 3, timeStamping: 5 } as const;
    for (const role of ['root', 'issuing', 'seal', 'timeStamping'] as const) {
      const text = certificateText(pki[role]);
      expect(text).toContain('X509v3 Subject Key Identifier');
      expect(text).toContain('X509v3 Authority Key Identifier');
      const certificate = new X509Certificate(pki[role].certificate);
      expect(certificate.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
      const lifetime = Date.parse(certificate.validTo) - Date.parse(certificate.validFrom);
      expect(Math.round(lifetime / (365.25 * 24 * 3600_000))).toBe(years[role]);
    }
  });

  it('hands out each chain nearest issuer first, up to the root', () => {
    expect(pki.seal.chain).toEqual([pki.issuing.certificate, pki.root.certificate]);
    expect(pki.timeStamping.chain).toEqual([pki.issuing.certificate, pki.root.certificate]);
    expect(pki.issuing.chain).toEqual([pki.root.certificate]);
    expect(pki.root.chain).toEqual([]);
  });

  it('keeps the private keys encrypted at rest in a file only the owner can read', () => {
    const stored = readFileSync(join(dir, portalPkiEntry), 'utf8');
    expect(stored.match(/-----BEGIN ENCRYPTED PRIVATE KEY-----/g)).toHaveLength(4);
    expect(stored).not.toContain('-----BEGIN PRIVATE KEY-----');
    expect(statSync(join(dir, portalPkiEntry)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([portalPkiEntry]);
  });

  it('refuses a wrong passphrase with a clear error', async () => {
    const load = loadOrCreatePortalPki(createDirectoryPkiStore(dir), {
      ...options,
      passphrase: 'wrong passphrase',
    });
    await expect(load).rejects.toThrow(PkiError);
    await expect(load).rejects.toMatchObject({
      code: 'wrong-passphrase',
      message: expect.stringContaining('passphrase does not decrypt'),
    });
  });

  it('loads the same certificates and keys on a second start', async () => {
    const again = await loadOrCreatePortalPki(createDirectoryPkiStore(dir), options);
    for (const role of ['root', 'issuing', 'seal', 'timeStamping'] as const) {
      expect(again[role].certificate.equals(pki[role].certificate)).toBe(true);
      expect(again[role].privateKey.equals(pki[role].privateKey)).toBe(true);
    }
  });

  it('signs with the seal key so that the seal certificate verifies the signature', () => {
    const data = Buffer.from('sopimus');
    const signature = sign('sha256', data, pki.seal.privateKey);
    const publicKey = new X509Certificate(pki.seal.certificate).publicKey;
    expect(verify('sha256', data, publicKey, signature)).toBe(true);
    expect(verify('sha256', Buffer.from('muutettu'), publicKey, signature)).toBe(false);
  });
});

describe('creating the portal PKI', () => {
  it('ends with one PKI when two callers race on an empty store', async () => {
    const dir = workDir();
    const [first, second] = await Promise.all([
      loadOrCreatePortalPki(createDirectoryPkiStore(dir), options),
      loadOrCreatePortalPki(createDirectoryPkiStore(dir), options),
    ]);
    expect(first.root.certificate.equals(second.root.certificate)).toBe(true);
    expect(first.seal.privateKey.equals(second.seal.privateKey)).toBe(true);
    const stored = await loadOrCreatePortalPki(createDirectoryPkiStore(dir), options);
    expect(stored.root.certificate.equals(first.root.certificate)).toBe(true);
    expect(readdirSync(dir)).toEqual([portalPkiEntry]);
  });

  it('can use RSA 3072 keys, and their chains verify', async () => {
    const pki = await loadOrCreatePortalPki(createDirectoryPkiStore(workDir()), {
      ...options,
      keyAlgorithm: 'rsa-3072',
    });
    expect(pki.seal.privateKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(certificateText(pki.seal)).toContain('sha256WithRSAEncryption');
    expect(verifyChain(pki.seal, pki)).toContain(': OK');
  });

  it('refuses a store that is not a PKI with a clear error', async () => {
    const dir = workDir();
    writeFileSync(join(dir, portalPkiEntry), 'not json');
    await expect(
      loadOrCreatePortalPki(createDirectoryPkiStore(dir), options),
    ).rejects.toMatchObject({
      code: 'corrupt-store',
    });
  });

  it('never lets a store write replace an entry, so the first creator wins', async () => {
    const dir = workDir();
    const store = createDirectoryPkiStore(dir);
    await store.write('entry', 'first');
    await expect(store.write('entry', 'second')).rejects.toMatchObject({ code: 'store-conflict' });
    expect(await store.read('entry')).toBe('first');
    expect(await store.read('missing')).toBeNull();
    await expect(store.write('../escape', 'x')).rejects.toMatchObject({ code: 'invalid-input' });
    expect(readdirSync(dir)).toEqual(['entry']);
  });

  it('generates one passphrase when none is configured and returns it on every later call', async () => {
    const store = createDirectoryPkiStore(workDir());
    const [first, second] = await Promise.all([
      loadOrCreatePkiPassphrase(store),
      loadOrCreatePkiPassphrase(store),
    ]);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toBe(first);
    expect(await loadOrCreatePkiPassphrase(store)).toBe(first);
  });
});
