import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signWithSignpdf } from '../bench/signpdf.ts';
import { fileSource } from '../src/pdf/source.ts';
import { verifyPdf } from '../src/verify/verify.ts';
import { pdfLibDocument, workDir } from './support/fixtures.ts';

/** A self-signed RSA key and certificate as a PKCS#12 file, as a user of another tool has. */
function p12In(dir: string): string {
  const key = join(dir, 'key.pem');
  const certificate = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=Muu Tyokalu',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  const p12 = join(dir, 'id.p12');
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    certificate,
    '-out',
    p12,
    '-passout',
    'pass:toinen',
  ]);
  return p12;
}

describe('a signature made by another tool (adbe.pkcs7.detached, with a signing-time)', () => {
  it('is valid, though it reaches no PAdES level', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await signWithSignpdf(join(dir, 'in.pdf'), join(dir, 'signed.pdf'), p12In(dir), 'toinen');
    const source = await fileSource(join(dir, 'signed.pdf'));
    const [report] = await verifyPdf(source).finally(() => source.close());
    expect(report?.problems).toEqual([]);
    expect(report).toMatchObject({
      kind: 'signature',
      subFilter: 'adbe.pkcs7.detached',
      valid: true,
      level: 'none',
    });
  });
});
