import { spawnSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDirectoryPkiStore,
  loadOrCreatePortalPki,
  loadPkcs12,
  type KeyCredential,
  type PortalPki,
} from '../src/pki/index.ts';

const workDir = () => mkdtempSync(join(tmpdir(), 'pki-test-'));

/** Runs openssl and answers everything it printed (pkcs12 -info reports on stderr). */
function openssl(args: string[]): string {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

/** How openssl describes the encryption inside a PKCS#12 file. */
function describePkcs12(file: Buffer, password: string, extra: string[] = []): string {
  const path = join(workDir(), 'in.p12');
  writeFileSync(path, file);
  return openssl([
    'pkcs12',
    ...extra,
    '-in',
    path,
    '-info',
    '-noout',
    '-passin',
    `pass:${password}`,
  ]);
}

const pem = (der: Buffer) => new X509Certificate(der).toString();

/** A PKCS#12 file made by `openssl pkcs12 -export` from a credential and its chain. */
function exportPkcs12(credential: KeyCredential, password: string, extra: string[] = []): Buffer {
  const dir = workDir();
  const keyPem = credential.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(join(dir, 'key.pem'), keyPem);
  writeFileSync(join(dir, 'cert.pem'), pem(credential.certificate));
  writeFileSync(join(dir, 'chain.pem'), credential.chain.map(pem).join(''));
  const certfile = credential.chain.length > 0 ? ['-certfile', join(dir, 'chain.pem')] : [];
  openssl([
    'pkcs12',
    '-export',
    ...extra,
    '-inkey',
    join(dir, 'key.pem'),
    '-in',
    join(dir, 'cert.pem'),
    ...certfile,
    '-passout',
    `pass:${password}`,
    '-out',
    join(dir, 'out.p12'),
  ]);
  return readFileSync(join(dir, 'out.p12'));
}

/** Whether this openssl can still write legacy (RC2/3DES) PKCS#12 files. */
function supportsLegacy(): boolean {
  const dir = workDir();
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=probe',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (made.status !== 0) return false;
  const exported = spawnSync('openssl', [
    'pkcs12',
    '-export',
    '-legacy',
    '-inkey',
    key,
    '-in',
    cert,
    '-passout',
    'pass:x',
    '-out',
    join(dir, 'probe.p12'),
  ]);
  return exported.status === 0;
}

function expectSameCredential(loaded: KeyCredential, original: KeyCredential): void {
  expect(loaded.certificate.equals(original.certificate)).toBe(true);
  expect(loaded.privateKey.equals(original.privateKey)).toBe(true);
  expect(loaded.chain).toEqual(original.chain);
  const data = Buffer.from('sinetöitävä');
  const signature = sign('sha256', data, loaded.privateKey);
  expect(verify('sha256', data, new X509Certificate(loaded.certificate).publicKey, signature)).toBe(
    true,
  );
}

describe('loading a PKCS#12 seal', () => {
  let pki: PortalPki;

  beforeAll(async () => {
    pki = await loadOrCreatePortalPki(createDirectoryPkiStore(workDir()), {
      passphrase: 'pkcs12 tests',
      organisation: 'Sinettiyhtiö Oy',
    });
  });

  it('reads a file made by openssl pkcs12 -export with its defaults (PBES2, AES-256)', () => {
    const file = exportPkcs12(pki.seal, 'sinetti-salasana');
    expect(describePkcs12(file, 'sinetti-salasana')).toContain('PBES2, PBKDF2, AES-256-CBC');
    expectSameCredential(loadPkcs12(file, 'sinetti-salasana'), pki.seal);
  });

  if (supportsLegacy()) {
    it('reads a file made with openssl pkcs12 -export -legacy (3DES key, RC2 certificates)', () => {
      const file = exportPkcs12(pki.seal, 'sinetti-salasana', ['-legacy']);
      const description = describePkcs12(file, 'sinetti-salasana', ['-legacy']);
      expect(description).toContain('pbeWithSHA1And40BitRC2-CBC');
      expect(description).toContain('pbeWithSHA1And3-KeyTripleDES-CBC');
      expectSameCredential(loadPkcs12(file, 'sinetti-salasana'), pki.seal);
      const unicode = exportPkcs12(pki.seal, 'sinetöity-äö', ['-legacy']);
      expectSameCredential(loadPkcs12(unicode, 'sinetöity-äö'), pki.seal);
    });
  }

  it('reads a file whose password has letters outside ASCII', () => {
    const file = exportPkcs12(pki.seal, 'sinetöity-äö');
    expectSameCredential(loadPkcs12(file, 'sinetöity-äö'), pki.seal);
    expect(() => loadPkcs12(file, 'sinetoity-ao')).toThrow(
      expect.objectContaining({ code: 'wrong-password' }),
    );
  });

  it('reads an RSA key and keeps the certificate bytes exactly as openssl wrote them', () => {
    const dir = workDir();
    openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-utf8',
      '-subj',
      '/CN=Pekka Puupää/O=Testi Oy',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    const certificate = Buffer.from(new X509Certificate(readFileSync(join(dir, 'cert.pem'))).raw);
    const original: KeyCredential = {
      privateKey: createPrivateKey(readFileSync(join(dir, 'key.pem'))),
      certificate,
      chain: [],
    };
    expectSameCredential(loadPkcs12(exportPkcs12(original, 'rsa'), 'rsa'), original);
  });

  it('puts the chain in issuer order whatever the order in the file', () => {
    const shuffled: KeyCredential = { ...pki.seal, chain: [...pki.seal.chain].reverse() };
    const loaded = loadPkcs12(exportPkcs12(shuffled, 'order'), 'order');
    expect(loaded.chain).toEqual([pki.issuing.certificate, pki.root.certificate]);
  });

  it('refuses a wrong password with a clear error', () => {
    const file = exportPkcs12(pki.seal, 'oikea');
    expect(() => loadPkcs12(file, 'väärä')).toThrow(
      expect.objectContaining({ code: 'wrong-password', message: 'The PKCS#12 password is wrong' }),
    );
  });

  it('refuses a file that is not PKCS#12', () => {
    expect(() => loadPkcs12(Buffer.from('%PDF-1.7\n'), 'x')).toThrow(
      expect.objectContaining({ code: 'invalid-pkcs12' }),
    );
  });
});
