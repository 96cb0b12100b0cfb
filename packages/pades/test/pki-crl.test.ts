import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCrl,
  createDirectoryPkiStore,
  createRootCrl,
  issueOneTimeCertificate,
  loadOrCreatePortalPki,
  type PkiCredential,
  type PortalPki,
} from '../src/pki/index.ts';

const workDir = () => mkdtempSync(join(tmpdir(), 'pki-test-'));

/** Runs openssl; its verdicts go to stdout or stderr depending on the command, so both are kept. */
function openssl(args: string[]): { ok: boolean; output: string } {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

function write(dir: string, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const pem = (der: Buffer) =>
  `-----BEGIN X509 CRL-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END X509 CRL-----\n`;

describe('the CRLs of the portal PKI', () => {
  let pki: PortalPki;
  let revoked: PkiCredential;
  let revokedSerial: string;

  beforeAll(async () => {
    pki = await loadOrCreatePortalPki(createDirectoryPkiStore(workDir()), {
      passphrase: 'crl tests',
      organisation: 'Testiyhtiö Oy',
    });
    revoked = await issueOneTimeCertificate(pki, { commonName: 'Revoked Signer' });
    revokedSerial = new X509Certificate(revoked.certificate).serialNumber;
  });

  it('signs the issuing CA CRL so that openssl verifies it and lists the revoked serial', async () => {
    const dir = workDir();
    const crl = await createCrl(pki, {
      revoked: [{ serial: revokedSerial, revokedAt: new Date('2026-01-02T03:04:05Z') }],
    });
    const crlPath = write(dir, 'issuing.crl', crl);
    const caPath = write(dir, 'issuing.pem', pki.issuing.certificatePem);
    const verified = openssl([
      'crl',
      '-inform',
      'DER',
      '-in',
      crlPath,
      '-CAfile',
      caPath,
      '-verify',
      '-noout',
    ]);
    expect(verified).toMatchObject({ ok: true, output: expect.stringContaining('verify OK') });
    const text = openssl(['crl', '-inform', 'DER', '-in', crlPath, '-noout', '-text']).output;
    expect(text).toContain(`Serial Number: ${revokedSerial}`);
    expect(text).toContain('Revocation Date: Jan  2 03:04:05 2026 GMT');
    expect(text).toContain('X509v3 CRL Number');
    expect(text).toContain('X509v3 Authority Key Identifier');
  });

  it('makes openssl reject the revoked certificate and accept the seal', async () => {
    const dir = workDir();
    const issuingCrl = await createCrl(pki, {
      revoked: [{ serial: revokedSerial, revokedAt: new Date() }],
    });
    const rootCrl = await createRootCrl(pki, { revoked: [] });
    const crls = write(dir, 'crls.pem', pem(issuingCrl) + pem(rootCrl));
    const args = (leaf: string) => [
      'verify',
      '-crl_check_all',
      '-CRLfile',
      crls,
      '-CAfile',
      write(dir, 'root.pem', pki.root.certificatePem),
      '-untrusted',
      write(dir, 'issuing.pem', pki.issuing.certificatePem),
      leaf,
    ];
    const revokedResult = openssl(args(write(dir, 'revoked.pem', revoked.certificatePem)));
    expect(revokedResult.ok).toBe(false);
    expect(revokedResult.output).toContain('certificate revoked');
    const seal = openssl(args(write(dir, 'seal.pem', pki.seal.certificatePem)));
    expect(seal.output).toContain(': OK');
  });

  it('signs the root CRL with the root key', async () => {
    const dir = workDir();
    const crl = await createRootCrl(pki, {
      revoked: [{ serial: '0a:1b:2c', revokedAt: new Date() }],
      nextUpdateHours: 24 * 30,
    });
    const crlPath = write(dir, 'root.crl', crl);
    const rootPath = write(dir, 'root.pem', pki.root.certificatePem);
    const issuingPath = write(dir, 'issuing.pem', pki.issuing.certificatePem);
    const verify = (ca: string) =>
      openssl(['crl', '-inform', 'DER', '-in', crlPath, '-CAfile', ca, '-verify', '-noout']).output;
    expect(verify(rootPath)).toContain('verify OK');
    expect(verify(issuingPath)).not.toContain('verify OK');
    expect(openssl(['crl', '-inform', 'DER', '-in', crlPath, '-noout', '-text']).output).toContain(
      'Serial Number: 0A1B2C',
    );
  });

  it('numbers later CRLs higher and sets the next update as asked', async () => {
    const first = await createCrl(pki, { revoked: [] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await createCrl(pki, { revoked: [], nextUpdateHours: 2 });
    const read = (crl: Buffer) => {
      const text = openssl([
        'crl',
        '-inform',
        'DER',
        '-in',
        write(workDir(), 'x.crl', crl),
        '-noout',
        '-text',
      ]).output;
      const number = /CRL Number:\s*\n\s*(\S+)/.exec(text)?.[1] ?? '';
      const last = /Last Update: (.+)\n/.exec(text)?.[1] ?? '';
      const next = /Next Update: (.+)\n/.exec(text)?.[1] ?? '';
      return {
        number: BigInt(number.startsWith('0x') ? number : `0x${number.replace(/:/g, '')}`),
        last,
        next,
      };
    };
    const a = read(first);
    const b = read(second);
    expect(b.number > a.number).toBe(true);
    expect((Date.parse(b.next) - Date.parse(b.last)) / 3_600_000).toBe(2);
    expect((Date.parse(a.next) - Date.parse(a.last)) / 3_600_000).toBe(24);
  });

  it('refuses a serial number that is not hexadecimal', async () => {
    await expect(
      createCrl(pki, { revoked: [{ serial: 'not-a-serial', revokedAt: new Date() }] }),
    ).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('writes revoked entries that a strict reader accepts (no empty entry extensions)', async () => {
    const revokedAt = new Date('2026-01-02T03:04:05Z');
    const crl = await createCrl(pki, { revoked: [{ serial: revokedSerial, revokedAt }] });
    const [entry] =
      pkijs.CertificateRevocationList.fromBER(new Uint8Array(crl)).revokedCertificates ?? [];
    expect(entry?.revocationDate.value).toEqual(revokedAt);
    expect(entry?.crlEntryExtensions?.extensions.length).toBeGreaterThan(0);
  });
});
