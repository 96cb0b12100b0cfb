import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { signPdf } from '../src/sign.ts';
import { pdfLibDocument, pdfsig, qpdfCheck, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

const run = (args: string[]) => execFileSync(args[0] ?? '', args.slice(1), { encoding: 'utf8' });
const pageCount = (path: string) => Number(run(['qpdf', '--show-npages', path]));
const pageText = (path: string, page: number) =>
  run(['pdftotext', '-f', `${page}`, '-l', `${page}`, path, '-']);
/** Each field's full name and the page its widget is on, as qpdf reads them. */
const qpdfFields = (path: string) =>
  (
    JSON.parse(run(['qpdf', '--json', '--json-key=acroform', path])) as {
      acroform: { fields: Array<{ fullname: string; pageposfrom1: number }> };
    }
  ).acroform.fields.map((field) => [field.fullname, field.pageposfrom1] as const);

const people = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Allekirjoittaja ${index + 1}`,
    email: `signer${index + 1}@example.fi`,
  }));

describe('signature pages for many signers', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await createTestPki();
  });

  async function prepare(count: number) {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(2));
    const prepared = join(dir, 'prepared.pdf');
    const names = await prepareForSigning({
      input: join(dir, 'in.pdf'),
      output: prepared,
      title: 'Osakassopimus',
      signers: people(count),
      language: 'fi',
    });
    return { dir, prepared, names };
  }

  it('keeps 14 signers on one page, as before', async () => {
    const { prepared } = await prepare(14);
    expect(pageCount(prepared)).toBe(3);
    expect(pageText(prepared, 3)).toContain('Allekirjoittaja 14');
  });

  it('continues a 15th signer on a second page, the rows shared evenly', async () => {
    const { prepared, names } = await prepare(15);
    expect(names).toHaveLength(15);
    expect(pageCount(prepared)).toBe(4);
    expect(pageText(prepared, 3)).toContain('Allekirjoitukset (1/2)');
    expect(pageText(prepared, 4)).toContain('Allekirjoitukset (2/2)');
    expect(pageText(prepared, 4)).toContain('Allekirjoittaja 15');
    const perPage = qpdfFields(prepared).map(([, page]) => page);
    expect([
      perPage.filter((page) => page === 3).length,
      perPage.filter((page) => page === 4).length,
    ]).toEqual([8, 7]);
  });

  it('gives 100 signers a field each on pages of their own, and the last one signs a file that verifies', async () => {
    const { dir, prepared, names } = await prepare(100);
    expect(names).toEqual(people(100).map((_, index) => `Signer${index + 1}`));
    const fields = qpdfFields(prepared);
    expect(fields.map(([name]) => name)).toEqual(names);
    expect(new Set(fields.map(([name]) => name)).size).toBe(100);
    const pages = pageCount(prepared);
    expect(pages).toBeGreaterThan(3);
    // Every field lies on an appended page, the last signer's on the last one.
    expect(fields.every(([, page]) => page > 2)).toBe(true);
    expect(fields.at(-1)?.[1]).toBe(pages);
    expect(pageText(prepared, pages)).toContain('Allekirjoittaja 100');
    expect(qpdfCheck(prepared)).toBeNull();

    const { signer } = await pki.issue('Allekirjoittaja 100');
    const signed = join(dir, 'signed.pdf');
    await signPdf({ input: prepared, output: signed, signer, fieldName: 'Signer100' });
    const reports = await verifyFile(signed, [pki.root]);
    expect(reports.map((report) => [report.fieldName, report.valid, report.chainTrusted])).toEqual([
      ['Signer100', true, true],
    ]);
    expect(pdfsig(signed).valid.filter(Boolean)).toHaveLength(1);
    expect(pdfsig(signed).verdicts).toContain('Signature is Valid.');
  });
});
