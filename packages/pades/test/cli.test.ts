import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfLibDocument, pdfsig, pkcs12File, testIdentity, workDir } from './support/fixtures.ts';
import { runPades } from './support/run-pades.ts';

describe('the pades command', () => {
  it('signs with a PKCS#12 file and verifies, exiting non-zero for an invalid signature', async () => {
    const dir = workDir();
    const { p12, certificate } = pkcs12File(dir, 'salasana', testIdentity('rsa', 'Sinetti'));
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));

    const signed = await runPades([
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

    const verified = await runPades(['verify', join(dir, 'out.pdf'), '--trust', certificate]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('VALID');
    expect(verified.stdout).toContain('level B-B');
    const json = JSON.parse((await runPades(['verify', join(dir, 'out.pdf'), '--json'])).stdout);
    expect(json[0]).toMatchObject({ valid: true, coversWholeDocument: true });

    const unsigned = await runPades(['verify', join(dir, 'in.pdf')]);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stdout).toContain('no signatures');

    const wrongPassword = await runPades([
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
