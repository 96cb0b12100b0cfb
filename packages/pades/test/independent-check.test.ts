import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDocumentTimestamp, addValidationData, signAtLevel } from '../src/levels.ts';
import type { Signer } from '../src/signers/signer.ts';
import { pdfLibDocument, workDir } from './support/fixtures.ts';
import { padesCheck } from './support/independent-check.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signer: Signer;

beforeAll(async () => {
  pki = await createTestPki();
  signer = (await pki.issue('Maija Meikäläinen')).signer;
});

const validationData = () => ({
  certificates: [signer.certificate, ...signer.chain, pki.pki.timeStamping.certificate],
  crls: [],
});

/** Signs a fresh two-page document at a level; answers the input's and the output's paths. */
async function signedFile(level: 'B-B' | 'B-T' | 'B-LTA') {
  const dir = workDir();
  const input = join(dir, 'in.pdf');
  const output = join(dir, `${level}.pdf`);
  writeFileSync(input, await pdfLibDocument(2));
  await signAtLevel({
    input,
    output,
    level,
    signer,
    timestamp: pki.timestamp,
    validationData: validationData(),
  });
  return { dir, input, output };
}

/** A copy of the file with one byte changed, at the given position. */
function withFlippedByte(path: string, position: number): string {
  const bytes = readFileSync(path);
  bytes[position] = (bytes[position] ?? 0) ^ 0x01;
  const tampered = path.replace(/\.pdf$/, `-flipped-${position}.pdf`);
  writeFileSync(tampered, bytes);
  return tampered;
}

describe('the independent check (pdfsig, qpdf and openssl)', () => {
  it('accepts a B-LTA file at B-LTA, with openssl vouching for the document time stamp', async () => {
    const { output } = await signedFile('B-LTA');
    const check = padesCheck(output, 'B-LTA');
    expect(check.output).toContain('(openssl ts -verify)');
    expect(check.output).toContain('level B-LTA; meets B-LTA');
    expect(check.ok, check.output).toBe(true);
  });

  it('accepts a B-B file at B-B and finds it short of B-T', async () => {
    const { output } = await signedFile('B-B');
    expect(padesCheck(output, 'B-B').ok).toBe(true);
    const check = padesCheck(output, 'B-T');
    expect(check.output).toContain('level B-B; FALLS SHORT OF B-T');
    expect(check.ok).toBe(false);
  });

  it('refuses a file whose signed bytes were changed after signing', async () => {
    const { input, output } = await signedFile('B-B');
    const middleOfTheDocument = Math.floor(readFileSync(input).length / 2);
    const check = padesCheck(withFlippedByte(output, middleOfTheDocument), 'B-B');
    expect(check.output).toContain('INVALID');
    expect(check.ok).toBe(false);
  });

  it('refuses a B-LTA file whose validation data changed under its document time stamp', async () => {
    const dir = workDir();
    const unsigned = join(dir, 'in.pdf');
    const signed = join(dir, 'B-T.pdf');
    const withDss = join(dir, 'B-LT.pdf');
    const stamped = join(dir, 'B-LTA.pdf');
    writeFileSync(unsigned, await pdfLibDocument(1));
    await signAtLevel({
      input: unsigned,
      output: signed,
      level: 'B-T',
      signer,
      timestamp: pki.timestamp,
    });
    await addValidationData(signed, withDss, validationData());
    await addDocumentTimestamp(withDss, stamped, pki.timestamp);
    // Inside a /DSS stream: the signature does not cover it, only the document time stamp does.
    const insideDss = readFileSync(stamped).indexOf('stream', readFileSync(signed).length) + 40;
    const check = padesCheck(withFlippedByte(stamped, insideDss), 'B-B');
    expect(check.output).toMatch(/^#0: .* valid /m);
    expect(check.output).toMatch(/^#1: ETSI\.RFC3161 +INVALID .*openssl ts -verify: /m);
    expect(check.ok).toBe(false);
  });

  it('finds an unsigned file short of B-B', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    const check = padesCheck(join(dir, 'in.pdf'), 'B-B');
    expect(check.output).toContain('level none');
    expect(check.ok).toBe(false);
  });
});
