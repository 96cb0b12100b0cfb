import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { readTrustedRoots } from './trusted-roots.ts';

/** A self-signed CA certificate made with openssl, as PEM. */
function caCertificate(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'trusted-roots-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
      ...['-days', '2', '-subj', `/CN=${name}`, '-keyout', join(dir, 'key.pem')],
      ...['-out', join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  return readFileSync(join(dir, 'cert.pem'), 'utf8');
}

describe('TRUSTED_ROOTS_DIR', () => {
  it('is no roots when unset', () => {
    expect(readTrustedRoots(undefined)).toEqual([]);
    expect(readTrustedRoots('')).toEqual([]);
  });

  it('reads every certificate of every PEM file, bundles included, and skips other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trusted-roots-'));
    const [first, second, third] = ['Luottamus A', 'Luottamus B', 'Luottamus C'].map(caCertificate);
    writeFileSync(join(dir, 'a.pem'), first ?? '');
    writeFileSync(join(dir, 'bundle.crt'), `${second}\n${third}`);
    writeFileSync(join(dir, 'README.txt'), 'not a certificate');
    const roots = readTrustedRoots(dir);
    expect(roots).toHaveLength(3);
    expect(roots[0]).toContain('BEGIN CERTIFICATE');
  });

  it('stops the start on a folder it cannot read or a file without a certificate', () => {
    expect(() => readTrustedRoots(join(tmpdir(), 'no-such-folder-esign'))).toThrow(ConfigError);
    const dir = mkdtempSync(join(tmpdir(), 'trusted-roots-'));
    writeFileSync(join(dir, 'empty.pem'), 'nothing here');
    expect(() => readTrustedRoots(dir)).toThrow(/TRUSTED_ROOTS_DIR: empty\.pem/);
  });
});
