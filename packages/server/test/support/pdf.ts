import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentWith, replaced, streamRanges } from '../../../pades/test/support/corpus-bases.ts';
import { plainPdf } from '../../src/files/plain-pdf.ts';

/** A small but complete PDF (one page of text) with a correct cross-reference table. */
export function makePdf(text = 'Sopimus'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 24 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  return plainPdf(objects);
}

/**
 * A PDF whose header, cross-references and trailer are sound but whose page tree is
 * garbage (same length, so every offset still points where it should).
 */
export function pdfWithBrokenPageTree(): Buffer {
  const pages = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
  const text = makePdf().toString('latin1');
  return Buffer.from(text.replace(pages, 'garbage'.padEnd(pages.length, '#')), 'latin1');
}

/** Runs qpdf (Debian's qpdf, installed by the test command) over a PDF and answers the result. */
export function transformWithQpdf(pdf: Buffer, args: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'esign-pdf-'));
  const input = join(dir, 'in.pdf');
  const output = join(dir, 'out.pdf');
  writeFileSync(input, pdf);
  execFileSync('qpdf', [...args, input, output]);
  return readFileSync(output);
}

export const encryptedPdf = () =>
  transformWithQpdf(makePdf('Salainen'), ['--encrypt', 'user-pw', 'owner-pw', '256', '--']);
export const xrefStreamPdf = () =>
  transformWithQpdf(makePdf('Tiivis'), ['--object-streams=generate']);

/** A one-pixel PNG. */
export const pngImage = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

/** A PDF whose page tree lists itself among its kids: a time stamp could never find its first page. */
export const pdfWithPageTreeListingItself = () =>
  documentWith({ 2: '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>' });

/**
 * A PDF whose object stream (catalog, pages, font) zlib refuses: its check sum damaged
 * (Z_DATA_ERROR), or its /Length halved so the data ends early (Z_BUF_ERROR).
 */
export function pdfWithBrokenObjectStream(damage: 'check sum' | 'cut short'): Buffer {
  const pdf = documentWith({}, 'stream');
  const objectStream = streamRanges(pdf)[2] ?? { start: 0, end: 0 };
  if (damage === 'cut short') {
    const length = objectStream.end - objectStream.start;
    return replaced(pdf, `/Length ${length} `, `/Length ${Math.floor(length / 2)} `);
  }
  const copy = Buffer.from(pdf);
  copy[objectStream.end - 1] = (copy[objectStream.end - 1] ?? 0) ^ 0xff;
  return copy;
}

const catalogWith = (entries: string) => `<< /Type /Catalog /Pages 2 0 R ${entries} >>`;

/** PDFs whose content is more than their pages: each one a thing a signer would not see. */
export const activePdfs = {
  'runs JavaScript when opened': () =>
    documentWith({ 1: catalogWith('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>') }),
  'launches a program when opened': () =>
    documentWith({ 1: catalogWith('/OpenAction << /S /Launch /F (calc.exe) >>') }),
  'opens a web address when opened': () =>
    documentWith({ 1: catalogWith('/OpenAction << /S /URI /URI (https://evil.example/) >>') }),
  'carries an embedded file': () =>
    documentWith({
      1: catalogWith('/Names << /EmbeddedFiles << /Names [(lasku.exe) 9 0 R] >> >>'),
      9: '<< /Type /Filespec /F (lasku.exe) /EF << /F 10 0 R >> >>',
      10: '<< /Type /EmbeddedFile >>',
    }),
};

/** A PDF with a plain web link on its first page: a click away, nothing runs by itself. */
export const pdfWithWebLink = () =>
  documentWith({
    3: '<< /Type /Page /Parent 2 0 R /Contents 5 0 R /Annots [9 0 R] >>',
    9: '<< /Type /Annot /Subtype /Link /Rect [72 700 200 720] /A << /S /URI /URI (https://example.fi/) >> >>',
  });
