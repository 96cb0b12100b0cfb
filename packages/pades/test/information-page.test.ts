import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendInformationPage } from '../src/pdf/information-page.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { signPdf } from '../src/sign.ts';
import { pdfLibDocument, pdfsig, qpdfCheck, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

const heading = 'Allekirjoittajien varmennetut henkilötunnisteet';
const lines = [
  'Maija Meikäläinen, maija@example.fi – vahva sähköinen tunnistus – 010190-123A',
  'Åsa Öberg, asa@example.se – sähköpostiin lähetetty koodi',
];
const sealField = { name: 'OrganisationSeal', label: 'Esimerkkiyliopisto' };

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki({ signers: ['Maija Meikäläinen', 'Esimerkkiyliopisto'] });
});

const pageCount = (path: string) =>
  Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }));
const pageText = (path: string, page: number) =>
  execFileSync('pdftotext', ['-f', `${page}`, '-l', `${page}`, path, '-'], { encoding: 'utf8' });

function signerAt(index: number) {
  const signer = pki.signers[index];
  if (!signer) throw new Error(`no signer ${index}`);
  return signer;
}

/** A one-page pdf-lib PDF signed at B-T on a signature page, as a finished flow's file is. */
async function signedDocument(objectStreams: boolean) {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1, objectStreams));
  await prepareForSigning({
    input: join(dir, 'in.pdf'),
    output: join(dir, 'prepared.pdf'),
    title: 'Vuokrasopimus',
    signers: [{ name: 'Maija Meikäläinen' }],
    language: 'fi',
  });
  await signPdf({
    input: join(dir, 'prepared.pdf'),
    output: join(dir, 'signed.pdf'),
    signer: signerAt(0),
    fieldName: 'Signer1',
    level: 'B-T',
    timestamp: pki.timestamp,
  });
  return { dir, signed: join(dir, 'signed.pdf') };
}

const reportsOf = (path: string) => verifyFile(path, [pki.root]);

describe.each([
  ['a cross-reference table', false],
  ['object and cross-reference streams', true],
])('an information page on a signed PDF with %s', (_label, objectStreams) => {
  it('appends a page with the heading and lines and keeps the earlier signature valid', async () => {
    const { dir, signed } = await signedDocument(objectStreams);
    const output = join(dir, 'information.pdf');
    await appendInformationPage({ input: signed, output, heading, lines, sealField });

    expect(qpdfCheck(output)).toBeNull();
    expect(pageCount(output)).toBe(pageCount(signed) + 1);
    const text = pageText(output, pageCount(output));
    for (const expected of [heading, ...lines, sealField.label]) expect(text).toContain(expected);
    expect(readFileSync(output).subarray(0, readFileSync(signed).length)).toEqual(
      readFileSync(signed),
    );

    const poppler = pdfsig(output);
    expect(poppler.valid).toEqual([true, false]);
    expect(poppler.output).toContain('Signature Field Name: OrganisationSeal');
    expect(poppler.output).toContain('The signature form field is not signed');
    const reports = await reportsOf(output);
    expect(reports.map((report) => [report.fieldName, report.valid, report.level])).toEqual([
      ['Signer1', true, 'B-T'],
    ]);
    expect(reports[0]?.bytesAddedAfter).toBeGreaterThan(0);
  });

  it('lets the seal field be signed, and every signature then verifies', async () => {
    const { dir, signed } = await signedDocument(objectStreams);
    const withPage = join(dir, 'information.pdf');
    const sealed = join(dir, 'sealed.pdf');
    await appendInformationPage({ input: signed, output: withPage, heading, lines, sealField });
    await signPdf({
      input: withPage,
      output: sealed,
      signer: signerAt(1),
      fieldName: sealField.name,
      level: 'B-T',
      timestamp: pki.timestamp,
      appearance: { lines: ['Esimerkkiyliopisto', 'Sähköinen sinetti'] },
    });

    expect(qpdfCheck(sealed)).toBeNull();
    expect(pdfsig(sealed).valid).toEqual([true, true]);
    const reports = await reportsOf(sealed);
    expect(reports.map((report) => [report.fieldName, report.valid, report.level])).toEqual([
      ['Signer1', true, 'B-T'],
      ['OrganisationSeal', true, 'B-T'],
    ]);
    expect(reports.every((report) => report.chainTrusted)).toBe(true);
    expect(reports.at(-1)?.coversWholeDocument).toBe(true);
    expect(pageText(sealed, pageCount(sealed))).toContain('Sähköinen sinetti');
  });
});

describe('appending an information page', () => {
  it('continues long lines on more pages and puts the seal field on the last one', async () => {
    const { dir, signed } = await signedDocument(false);
    const many = Array.from(
      { length: 60 },
      (_, index) => `${index + 1}. Allekirjoittaja Äijälä, henkilötunnus 0101${index}-123A`,
    );
    const output = join(dir, 'information.pdf');
    await appendInformationPage({ input: signed, output, heading, lines: many, sealField });

    expect(qpdfCheck(output)).toBeNull();
    const pages = pageCount(output);
    expect(pages).toBeGreaterThanOrEqual(pageCount(signed) + 2);
    const appended = Array.from({ length: pages - pageCount(signed) }, (_, index) =>
      pageText(output, pageCount(signed) + index + 1),
    );
    for (const line of many) expect(appended.join('\n')).toContain(line);
    expect(appended.at(-1)).toContain(sealField.label);
    expect(appended.slice(0, -1).join('\n')).not.toContain(sealField.label);

    await signPdf({
      input: output,
      output: join(dir, 'sealed.pdf'),
      signer: signerAt(1),
      fieldName: sealField.name,
    });
    expect(pdfsig(join(dir, 'sealed.pdf')).valid).toEqual([true, true]);
  });

  it('refuses a seal field name that is taken, writing nothing', async () => {
    const { dir, signed } = await signedDocument(false);
    const output = join(dir, 'information.pdf');
    await expect(
      appendInformationPage({
        input: signed,
        output,
        heading,
        lines,
        sealField: { name: 'Signer1', label: 'Esimerkkiyliopisto' },
      }),
    ).rejects.toThrow("cannot name a signature field 'Signer1'");
    expect(existsSync(output)).toBe(false);
  });
});
