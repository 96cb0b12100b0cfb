import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { signAtLevel } from '../src/levels.ts';
import { signPdf, type SignPdfOptions } from '../src/sign.ts';
import {
  chromiumPdf,
  libreOfficeKinds,
  pdfLibDocument,
  pdfsig,
  qpdfCheck,
  verifyFile,
  workDir,
} from './support/fixtures.ts';
import { hybridReferencePdf } from './support/hybrid-reference.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

const title = 'Vuokrasopimus: Hämeentie 1 A 5, Helsinki';
const signers = [
  { name: 'Maija Meikäläinen', email: 'maija@example.fi' },
  { name: 'Pekka Puupää', email: 'pekka@example.fi' },
  { name: 'Åsa Öberg' },
];

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki({ signers: signers.map((signer) => signer.name) });
});

const pageCount = (path: string) =>
  Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }));
const pageText = (path: string, page: number) =>
  execFileSync('pdftotext', ['-f', `${page}`, '-l', `${page}`, path, '-'], { encoding: 'utf8' });

async function prepare(make: () => Promise<Buffer> | Buffer) {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), await make());
  const path = join(dir, 'prepared.pdf');
  const names = await prepareForSigning({
    input: join(dir, 'in.pdf'),
    output: path,
    title,
    signers,
    language: 'fi',
  });
  return { dir, input: join(dir, 'in.pdf'), path, names };
}

/** Signs field `Signer{index + 1}` as signer `index`, with the name and level in the box. */
async function signField(
  input: string,
  output: string,
  index: number,
  extra?: Partial<SignPdfOptions>,
) {
  const signer = pki.signers[index];
  if (!signer) throw new Error(`no signer ${index}`);
  await signPdf({
    input,
    output,
    signer,
    fieldName: `Signer${index + 1}`,
    appearance: { lines: [signers[index]?.name ?? '', 'PAdES B-B', 'Testipankki'] },
    ...extra,
  });
}

const kinds: Array<[string, () => Promise<Buffer> | Buffer]> = [
  ['pdf-lib', () => pdfLibDocument(2)],
  ['Chromium', () => chromiumPdf()],
  // poppler, which draws the pages here, reads a hybrid's page tree only from the table.
  [
    'a hybrid-reference file (form in an object stream, free in the table)',
    () => hybridReferencePdf({ compressed: 'form' }),
  ],
  ...libreOfficeKinds,
];

describe.each(kinds)('a signature page on a PDF from %s', (_label, make) => {
  it('appends a last page with the heading, title and signers, and one empty field each', async () => {
    const { input, path, names } = await prepare(make);
    expect(names).toEqual(['Signer1', 'Signer2', 'Signer3']);
    expect(qpdfCheck(path)).toBeNull();
    expect(pageCount(path)).toBe(pageCount(input) + 1);
    const text = pageText(path, pageCount(path));
    for (const expected of ['Allekirjoitukset', title, ...signers.map((signer) => signer.name)])
      expect(text).toContain(expected);
    expect(text).toContain('maija@example.fi');
    const poppler = pdfsig(path);
    expect(poppler.output.match(/The signature form field is not signed/g)).toHaveLength(3);
    expect(readFileSync(path).subarray(0, readFileSync(input).length)).toEqual(readFileSync(input));
  });

  it('draws each signature into its box and keeps the earlier signature valid', async () => {
    const { dir, path } = await prepare(make);
    await signField(path, join(dir, 'one.pdf'), 0);
    await signField(join(dir, 'one.pdf'), join(dir, 'two.pdf'), 1);
    const poppler = pdfsig(join(dir, 'two.pdf'));
    expect(poppler.valid).toEqual([true, true, false]);
    expect(poppler.wholeDocument).toEqual([false, true, false]);
    expect([...poppler.output.matchAll(/Signature Field Name: (\S+)/g)].map((m) => m[1])).toEqual([
      'Signer1',
      'Signer2',
      'Signer3',
    ]);
    expect(qpdfCheck(join(dir, 'two.pdf'))).toBeNull();
    const last = pageCount(join(dir, 'two.pdf'));
    const text = pageText(join(dir, 'two.pdf'), last);
    expect(text.match(/Maija Meikäläinen/g)?.length).toBe(2);
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toContain('PAdES B-B');
    const args = ['-png', '-r', '50', '-f', `${last}`, '-l', `${last}`, '-singlefile'];
    execFileSync('pdftoppm', [...args, join(dir, 'two.pdf'), join(dir, 'page')]);
    expect(readFileSync(join(dir, 'page.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});

describe('signing a prepared field', () => {
  it('refuses a field that is already signed, writing nothing', async () => {
    const { dir, path } = await prepare(() => pdfLibDocument(1));
    await signField(path, join(dir, 'one.pdf'), 0);
    await expect(signField(join(dir, 'one.pdf'), join(dir, 'again.pdf'), 0)).rejects.toThrow(
      'field Signer1 is already signed',
    );
    expect(existsSync(join(dir, 'again.pdf'))).toBe(false);
  });

  it('signs the last field at B-T, and our verifier finds all three signatures valid', async () => {
    const { dir, path } = await prepare(() => pdfLibDocument(1, true));
    await signField(path, join(dir, '1.pdf'), 0);
    await signField(join(dir, '1.pdf'), join(dir, '2.pdf'), 1);
    await signField(join(dir, '2.pdf'), join(dir, '3.pdf'), 2, {
      level: 'B-T',
      timestamp: pki.timestamp,
    });
    expect(pdfsig(join(dir, '3.pdf')).valid).toEqual([true, true, true]);
    const reports = await verifyFile(join(dir, '3.pdf'), [pki.root]);
    expect(reports.map((report) => [report.fieldName, report.valid, report.level])).toEqual([
      ['Signer1', true, 'B-B'],
      ['Signer2', true, 'B-B'],
      ['Signer3', true, 'B-T'],
    ]);
    expect(reports.every((report) => report.chainTrusted)).toBe(true);
  });
});

describe('the level in a signature box', () => {
  it('shows the level each caller names, B-LTA and not the B-T on the way, and none unnamed', async () => {
    const { dir, path } = await prepare(() => pdfLibDocument(1));
    const [first, second, third] = pki.signers;
    if (!first || !second || !third) throw new Error('three signers expected');
    const step = (name: string) => join(dir, name);
    const { timestamp } = pki;
    await signPdf({
      input: path,
      output: step('1.pdf'),
      signer: first,
      fieldName: 'Signer1',
      level: 'B-T',
      timestamp,
    });
    await signPdf({
      input: step('1.pdf'),
      output: step('2.pdf'),
      signer: second,
      fieldName: 'Signer2',
    });
    await signAtLevel({
      input: step('2.pdf'),
      output: step('3.pdf'),
      signer: third,
      fieldName: 'Signer3',
      level: 'B-LTA',
      timestamp,
    });
    const text = pageText(step('3.pdf'), pageCount(step('3.pdf')));
    expect(text.match(/PAdES B-\w+/g)).toEqual(['PAdES B-T', 'PAdES B-LTA']);
    expect(pdfsig(step('3.pdf')).valid.slice(0, 3)).toEqual([true, true, true]);
  });

  it('shows no level at B-LT when the caller asks for none', async () => {
    const { dir, path } = await prepare(() => pdfLibDocument(1));
    const signer = pki.signers[0];
    if (!signer) throw new Error('no signer');
    await signAtLevel({
      input: path,
      output: join(dir, 'signed.pdf'),
      signer,
      fieldName: 'Signer1',
      appearance: { lines: ['Maija Meikäläinen', 'Testipankki'], showLevel: false },
      level: 'B-LT',
      timestamp: pki.timestamp,
    });
    const text = pageText(join(dir, 'signed.pdf'), pageCount(join(dir, 'signed.pdf')));
    expect(text).toContain('Testipankki');
    expect(text).not.toMatch(/PAdES B-/);
  });
});

describe('preparing for signing', () => {
  it('keeps an earlier signature and its field, names fields as asked, and writes Swedish', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    const signer = pki.signers[0];
    if (!signer) throw new Error('no signer');
    await signPdf({ input: join(dir, 'in.pdf'), output: join(dir, 'signed.pdf'), signer });
    const names = await prepareForSigning({
      input: join(dir, 'signed.pdf'),
      output: join(dir, 'prepared.pdf'),
      title: 'Hyresavtal',
      signers: [{ name: 'Łukasz Żak', fieldName: 'Hyresgäst' }, { name: 'Åsa Öberg' }],
      language: 'sv',
    });
    expect(names).toEqual(['Hyresgäst', 'Signer1']);
    const poppler = pdfsig(join(dir, 'prepared.pdf'));
    expect(poppler.valid).toEqual([true, false, false]);
    const text = pageText(join(dir, 'prepared.pdf'), 2);
    expect(text).toContain('Underskrifter');
    expect(text).toContain('Łukasz Żak');
    expect(qpdfCheck(join(dir, 'prepared.pdf'))).toBeNull();
  });
});
