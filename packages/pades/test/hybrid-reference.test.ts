import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { signPdf } from '../src/sign.ts';
import type { Signer } from '../src/signers/signer.ts';
import { pdfsig, qpdfCheck, verifyFile, workDir } from './support/fixtures.ts';
import {
  hybridField,
  hybridObjects,
  hybridReferencePdf,
  hybridText,
  type HybridReferenceOptions,
} from './support/hybrid-reference.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signer: Signer;
beforeAll(async () => {
  pki = await createTestPki();
  signer = (await pki.issue('Maija Meikäläinen')).signer;
});

const variants: Array<[string, HybridReferenceOptions]> = [
  ['page tree, page, font and form compressed, free in the table', {}],
  [
    'the same left out of the table, streams not deflated',
    { compressedInTable: 'absent', deflate: false },
  ],
  ['only the form compressed, free in the table', { compressed: 'form' }],
];

const run = (args: string[]) =>
  execFileSync(args[0] ?? '', args.slice(1), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The fully qualified names of the form's fields, as qpdf reads them. */
const qpdfFieldNames = (path: string): string[] =>
  (
    JSON.parse(run(['qpdf', '--json', '--json-key=acroform', path])) as {
      acroform: { fields: Array<{ fullname: string }> };
    }
  ).acroform.fields.map((field) => field.fullname);

/** The kind ('n' or 'f') of each entry of a file's last classic table, and its trailer. */
function classicTable(bytes: Buffer): { rows: Map<number, string>; trailer: string } {
  const text = bytes.toString('latin1');
  const [table = '', trailer = ''] = text.slice(text.lastIndexOf('\nxref')).split('trailer');
  const rows = new Map<number, string>();
  let num = 0;
  for (const line of table.split(/\r?\n/).slice(2)) {
    const header = /^(\d+) \d+$/.exec(line);
    const entry = /^\d{10} \d{5} ([nf])$/.exec(line);
    if (header) num = Number(header[1]);
    else if (entry?.[1]) rows.set(num++, entry[1]);
  }
  return { rows, trailer };
}

/**
 * A page's text as poppler draws it from qpdf's rewrite of the file with a plain table:
 * poppler (22.12) keeps a table's free entry over the same section's /XRefStm, so it does
 * not find a page hidden that way in the file itself.
 */
function pageText(path: string, page: number): string {
  const plain = `${path}.plain.pdf`;
  run(['qpdf', '--object-streams=disable', path, plain]);
  return run(['pdftotext', '-f', `${page}`, '-l', `${page}`, plain, '-']);
}

function write(options: HybridReferenceOptions): { dir: string; input: string } {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), hybridReferencePdf(options));
  return { dir, input: join(dir, 'in.pdf') };
}

describe.each(variants)('a hybrid-reference file (%s)', (_label, options) => {
  it('is sound for qpdf, which finds the compressed objects through /XRefStm, and poppler renders it', () => {
    const { input } = write(options);
    expect(qpdfCheck(input)).toBeNull();
    const { rows, trailer } = classicTable(readFileSync(input));
    expect(trailer).toMatch(/\/XRefStm \d+/);
    const xref = run(['qpdf', '--show-xref', input]);
    const compressed = options.compressed === 'form' ? [6, 7] : [2, 3, 5, 6, 7];
    for (const num of compressed) {
      expect(xref).toContain(`${num}/0: compressed; stream = ${hybridObjects.objectStream}`);
      // The table itself says nothing usable about them: a free entry, or none.
      expect(rows.get(num)).toBe(options.compressedInTable === 'absent' ? undefined : 'f');
    }
    expect(rows.get(hybridObjects.catalog)).toBe('n');
    expect(qpdfFieldNames(input)).toEqual([hybridField.name]);
    expect(pageText(input, 1)).toContain(hybridText);
    if (options.compressedInTable === 'absent' || options.compressed === 'form')
      expect(run(['pdftotext', input, '-'])).toContain(hybridText);
  });

  it('takes a B-B signature that keeps the form field, valid for poppler, qpdf and our verifier', async () => {
    const { dir, input } = write(options);
    const output = join(dir, 'signed.pdf');
    await signPdf({ input, output, signer, reason: 'Hyväksyn' });
    expect(readFileSync(output).subarray(0, readFileSync(input).length)).toEqual(
      readFileSync(input),
    );
    expect(pdfsig(output)).toMatchObject({ valid: [true], wholeDocument: [true] });
    expect(qpdfCheck(output)).toBeNull();
    // The form in the object stream is carried over, not replaced by one with only the signature.
    expect(qpdfFieldNames(output)).toEqual([hybridField.name, 'Signature1']);
    const [report] = await verifyFile(output, [pki.root]);
    expect(report).toMatchObject({ valid: true, level: 'B-B', chainTrusted: true });
  });

  it('gets a signature page appended whose fields can be signed, the form field kept', async () => {
    const { dir, input } = write(options);
    const prepared = join(dir, 'prepared.pdf');
    const names = await prepareForSigning({
      input,
      output: prepared,
      title: 'Vuokrasopimus',
      signers: [{ name: 'Maija Meikäläinen', email: 'maija@example.fi' }, { name: 'Pekka Puupää' }],
      language: 'fi',
    });
    expect(names).toEqual(['Signer1', 'Signer2']);
    expect(qpdfCheck(prepared)).toBeNull();
    expect(run(['qpdf', '--show-npages', prepared]).trim()).toBe('2');
    expect(pageText(prepared, 2)).toContain('Pekka Puupää');
    expect(qpdfFieldNames(prepared)).toEqual([hybridField.name, 'Signer1', 'Signer2']);
    await signPdf({ input: prepared, output: join(dir, 'one.pdf'), signer, fieldName: 'Signer1' });
    const poppler = pdfsig(join(dir, 'one.pdf'));
    expect(poppler.valid).toEqual([true, false]);
    expect(poppler.wholeDocument).toEqual([true, false]);
    expect(qpdfCheck(join(dir, 'one.pdf'))).toBeNull();
    const reports = await verifyFile(join(dir, 'one.pdf'), [pki.root]);
    expect(reports.map((report) => [report.kind, report.valid])).toEqual([['signature', true]]);
  });
});
