import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signPdf } from '../src/sign.ts';
import { keySigner } from '../src/signers/signer.ts';
import {
  chromiumPdf,
  libreOfficeKinds,
  pdfLibDocument,
  pdfsig,
  qpdfCheck,
  rewriteWithQpdf,
  testIdentity,
  workDir,
} from './support/fixtures.ts';
import { hybridReferencePdf } from './support/hybrid-reference.ts';
import { padesCheck } from './support/independent-check.ts';

const identity = testIdentity('ec');
const rsaIdentity = testIdentity('rsa', 'Pekka Puupää');
const signer = keySigner(identity.privateKey, identity.certificate);

const kinds: Array<[string, () => Promise<Buffer> | Buffer]> = [
  ['pdf-lib, classic cross-reference table', () => pdfLibDocument(2, false)],
  ['pdf-lib, object and cross-reference streams', () => pdfLibDocument(2, true)],
  [
    'qpdf --object-streams=generate',
    async () => rewriteWithQpdf(await pdfLibDocument(3), ['--object-streams=generate']),
  ],
  ['qpdf --linearize', async () => rewriteWithQpdf(await pdfLibDocument(3), ['--linearize'])],
  ['qpdf --qdf', async () => rewriteWithQpdf(await pdfLibDocument(1), ['--qdf'])],
  ["Chromium's print to PDF", async () => chromiumPdf()],
  ['a hybrid-reference file (table and /XRefStm, as Word writes)', () => hybridReferencePdf()],
  ...libreOfficeKinds,
];

describe.each(kinds)('a PAdES B-B signature on a PDF from %s', (_label, make) => {
  it('is valid for poppler, structurally sound for qpdf, and reaches B-B', async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'signed.pdf');
    writeFileSync(input, await make());
    await signPdf({
      input,
      output,
      signer,
      reason: 'Hyväksyn',
      location: 'Helsinki',
      name: 'Maija Meikäläinen',
    });
    const original = readFileSync(input);
    expect(readFileSync(output).subarray(0, original.length).equals(original)).toBe(true);
    expect(pdfsig(output)).toMatchObject({ valid: [true], wholeDocument: [true] });
    expect(qpdfCheck(output)).toBeNull();
    const check = padesCheck(output, 'B-B');
    expect(check.output).toContain('signingCertificateV2');
    expect(check.ok, check.output).toBe(true);
  });

  it('keeps the first signature valid when a second is added', async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await make());
    await signPdf({ input, output: join(dir, 'one.pdf'), signer });
    await signPdf({
      input: join(dir, 'one.pdf'),
      output: join(dir, 'two.pdf'),
      signer: keySigner(rsaIdentity.privateKey, rsaIdentity.certificate),
    });
    const result = pdfsig(join(dir, 'two.pdf'));
    expect(result.valid).toEqual([true, true]);
    expect(result.wholeDocument).toEqual([false, true]);
    expect(qpdfCheck(join(dir, 'two.pdf'))).toBeNull();
  });
});

describe('tampering', () => {
  it('makes poppler report the signature invalid when any signed byte changes', async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await pdfLibDocument(1));
    const output = join(dir, 'signed.pdf');
    await signPdf({ input, output, signer });
    const signed = readFileSync(output);
    // The header, the middle of the original document, and the update's trailer (not /Contents).
    for (const position of [20, Math.floor(readFileSync(input).length / 2), signed.length - 10]) {
      const copy = Buffer.from(signed);
      const byte = copy[position] ?? 0;
      copy[position] = byte === 0x41 ? 0x42 : 0x41;
      const tampered = join(dir, `tampered-${position}.pdf`);
      writeFileSync(tampered, copy);
      expect(pdfsig(tampered).valid).toEqual([false]);
    }
    expect(existsSync(output)).toBe(true);
  });
});
