import { execFileSync } from 'node:child_process';
import { X509Certificate, sign, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDirectoryPkiStore,
  issueOneTimeCertificate,
  loadOrCreatePortalPki,
  readCertificateStatements,
  type PkiCredential,
  type PortalPki,
} from '../src/pki/index.ts';

const workDir = () => mkdtempSync(join(tmpdir(), 'pki-test-'));

function openssl(args: string[]): string {
  return execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function writePem(credential: PkiCredential, name: string): string {
  const path = join(workDir(), name);
  writeFileSync(path, credential.certificatePem);
  return path;
}

describe('a one-time certificate', () => {
  let pki: PortalPki;
  let certificate: PkiCredential;
  let issuedAt: number;

  beforeAll(async () => {
    pki = await loadOrCreatePortalPki(createDirectoryPkiStore(workDir()), {
      passphrase: 'one-time tests',
      organisation: 'Testiyhtiö Oy',
      crlUrl: 'http://127.0.0.1:8080/pki/issuing.crl',
    });
    issuedAt = Date.now();
    certificate = await issueOneTimeCertificate(pki, {
      commonName: 'Maija Meikäläinen',
      givenName: 'Maija',
      surname: 'Meikäläinen',
      serialNumber: 'PNOFI-131052-308T',
      email: 'maija@example.fi',
    });
  });

  it('chains to the portal root through the issuing CA, as openssl verifies', () => {
    const output = openssl([
      'verify',
      '-CAfile',
      writePem(pki.root, 'root.pem'),
      '-untrusted',
      writePem(pki.issuing, 'issuing.pem'),
      writePem(certificate, 'leaf.pem'),
    ]);
    expect(output).toContain(': OK');
    expect(certificate.chain).toEqual([pki.issuing.certificate, pki.root.certificate]);
  });

  it('names the verified person, with the identity code as the subject serialNumber given', () => {
    const subject = openssl([
      'x509',
      '-in',
      writePem(certificate, 'leaf.pem'),
      '-noout',
      '-subject',
      '-nameopt',
      'multiline,-esc_msb,utf8',
    ]);
    expect(subject).toContain('surname                   = Meikäläinen');
    expect(subject).toContain('givenName                 = Maija');
    expect(subject).toContain('serialNumber              = PNOFI-131052-308T');
    expect(subject).toContain('commonName                = Maija Meikäläinen');
    const text = openssl(['x509', '-in', writePem(certificate, 'leaf.pem'), '-noout', '-text']);
    expect(text).toContain('email:maija@example.fi');
  });

  it('may only sign: critical digitalSignature and nonRepudiation, no extended key usage, not a CA', () => {
    const text = openssl(['x509', '-in', writePem(certificate, 'leaf.pem'), '-noout', '-text']);
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).not.toContain('Extended Key Usage');
    expect(text).not.toContain('CA:TRUE');
    expect(text).toContain('URI:http://127.0.0.1:8080/pki/issuing.crl');
  });

  it('is valid from a minute before issue for an hour by default', () => {
    const parsed = new X509Certificate(certificate.certificate);
    const from = Date.parse(parsed.validFrom);
    const to = Date.parse(parsed.validTo);
    expect(Math.abs(from - (issuedAt - 60_000))).toBeLessThan(5_000);
    expect(Math.abs(to - (issuedAt + 60 * 60_000))).toBeLessThan(5_000);
  });

  it('takes a shorter validity when asked', async () => {
    const short = await issueOneTimeCertificate(pki, { commonName: 'Pekka', validityMinutes: 5 });
    const parsed = new X509Certificate(short.certificate);
    const minutes = (Date.parse(parsed.validTo) - Date.parse(parsed.validFrom)) / 60_000;
    expect(minutes).toBeCloseTo(6, 0);
  });

  it('comes with a fresh key each time, whose signatures its certificate verifies', async () => {
    const data = Buffer.from('allekirjoitettava');
    const signature = sign('sha256', data, certificate.privateKey);
    const publicKey = new X509Certificate(certificate.certificate).publicKey;
    expect(verify('sha256', data, publicKey, signature)).toBe(true);
    const other = await issueOneTimeCertificate(pki, { commonName: 'Maija Meikäläinen' });
    expect(other.privateKey.equals(certificate.privateKey)).toBe(false);
    expect(other.certificate.equals(certificate.certificate)).toBe(false);
  });

  it('carries the certificate policies asked for, and none unless asked', async () => {
    // A UUID arc (2.25.<128 bits>): beyond what a JavaScript number holds.
    const policies = ['2.25.308350817551898530710670693009900241689.2', '1.2.3'];
    const withPolicy = await issueOneTimeCertificate(pki, { commonName: 'Pekka', policies });
    const text = openssl(['x509', '-in', writePem(withPolicy, 'policy.pem'), '-noout', '-text']);
    expect(text).toContain('Policy: 2.25.308350817551898530710670693009900241689.2');
    expect(readCertificateStatements(withPolicy.certificate)).toEqual({
      policies,
      qcCompliance: false,
    });
    expect(readCertificateStatements(certificate.certificatePem).policies).toEqual([]);
  });

  it('refuses a subject serialNumber that is not a printable string, and a zero validity', async () => {
    await expect(
      issueOneTimeCertificate(pki, { commonName: 'Maija', serialNumber: 'PNOFI-ä' }),
    ).rejects.toMatchObject({ code: 'invalid-name' });
    await expect(
      issueOneTimeCertificate(pki, { commonName: 'Maija', validityMinutes: 0 }),
    ).rejects.toMatchObject({ code: 'invalid-input' });
  });
});
