import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfLibDocument, pdfsig, pkcs12File, workDir } from './support/fixtures.ts';

const packageDir = join(import.meta.dirname, '..');

/** Runs the package's `pades` command in a fresh process, as an operator would. */
function pades(args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(packageDir, 'bin/pades.ts'), ...args],
    {
      cwd: packageDir,
      encoding: 'utf8',
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the pades command', () => {
  it('signs with a PKCS#12 file and verifies, exiting non-zero for an invalid signature', async () => {
    const dir = workDir();
    const { p12, certificate } = pkcs12File(dir, 'salasana', { subject: '/CN=Sinetti/O=Testi Oy' });
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));

    const signed = pades([
      'sign',
      '--in',
      join(dir, 'in.pdf'),
      '--out',
      join(dir, 'out.pdf'),
      '--p12',
      p12,
      '--password',
      'salasana',
      '--reason',
      'Hyväksytty',
    ]);
    expect(signed.stderr).toBe('');
    expect(signed.code).toBe(0);
    expect(pdfsig(join(dir, 'out.pdf')).valid).toEqual([true]);

    const verified = pades(['verify', join(dir, 'out.pdf'), '--trust', certificate]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('VALID');
    expect(verified.stdout).toContain('level B-B');
    const json = JSON.parse(pades(['verify', join(dir, 'out.pdf'), '--json']).stdout);
    expect(json[0]).toMatchObject({ valid: true, coversWholeDocument: true });

    const unsigned = pades(['verify', join(dir, 'in.pdf')]);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stdout).toContain('no signatures');

    const wrongPassword = pades([
      'sign',
      '--in',
      join(dir, 'in.pdf'),
      '--out',
      join(dir, 'x.pdf'),
      '--p12',
      p12,
      '--password',
      'väärä',
    ]);
    expect(wrongPassword.code).toBe(2);
    expect(wrongPassword.stderr).toMatch(/password is wrong/);
  });
});
