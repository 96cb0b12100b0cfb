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

describe('pades --help', () => {
  it.each([['--help'], ['-h'], ['help']])(
    'prints every command on stdout and exits 0 for %s',
    async (flag) => {
      const help = await runPades([flag]);
      expect(help.code).toBe(0);
      expect(help.stderr).toBe('');
      for (const command of ['sign', 'timestamp', 'verify'])
        expect(help.stdout).toContain(`pades ${command} `);
    },
  );

  it.each([
    ['sign', '--help', '--level'],
    ['timestamp', '-h', '--tsa'],
    ['verify', '--help', '--trust'],
  ])("prints the options of '%s' for %s and exits 0", async (command, flag, option) => {
    const help = await runPades([command, flag]);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toMatch(new RegExp(`^Usage: pades ${command} `));
    expect(help.stdout).toContain(option);
    expect((await runPades(['help', command])).stdout).toBe(help.stdout);
  });

  it('still fails with the usage on stderr, exit 2, for no command or an unknown one', async () => {
    for (const args of [[], ['sgin', '--in', 'x.pdf']]) {
      const run = await runPades(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^Usage:/);
    }
  });
});
