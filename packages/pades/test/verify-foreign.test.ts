import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signWithSignpdf } from '../bench/signpdf.ts';
import {
  pdfLibDocument,
  pkcs12File,
  testIdentity,
  verifyFile,
  workDir,
} from './support/fixtures.ts';

describe('a signature made by another tool (adbe.pkcs7.detached, with a signing-time)', () => {
  it('is valid, though it reaches no PAdES level', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await signWithSignpdf(
      join(dir, 'in.pdf'),
      join(dir, 'signed.pdf'),
      pkcs12File(dir, 'toinen', testIdentity('rsa', 'Muu Tyokalu')).p12,
      'toinen',
    );
    const [report] = await verifyFile(join(dir, 'signed.pdf'));
    expect(report?.problems).toEqual([]);
    expect(report).toMatchObject({
      kind: 'signature',
      subFilter: 'adbe.pkcs7.detached',
      valid: true,
      level: 'none',
    });
  });
});
