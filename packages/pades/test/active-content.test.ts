import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findActiveContentIn } from '../src/pdf/active-content.ts';
import { documentWith } from './support/corpus-bases.ts';
import {
  chromiumPdf,
  libreOfficeKinds,
  pdfLibDocument,
  rewriteWithQpdf,
  workDir,
} from './support/fixtures.ts';
import { hybridReferencePdf } from './support/hybrid-reference.ts';

/** The kinds of active content found in a PDF, in the order found. */
async function kindsIn(pdf: Buffer | Promise<Buffer>): Promise<string[]> {
  const path = join(workDir(), 'input.pdf');
  writeFileSync(path, await pdf);
  return (await findActiveContentIn(path)).map((found) => found.kind);
}

const catalogWith = (entries: string) => `<< /Type /Catalog /Pages 2 0 R ${entries} >>`;
const pageWith = (entries: string) =>
  `<< /Type /Page /Parent 2 0 R /Contents 5 0 R /Resources << /Font << /F1 7 0 R >> >> ${entries} >>`;
const link = (action: string) =>
  `<< /Type /Annot /Subtype /Link /Rect [72 700 200 720] /A ${action} >>`;
const script = '<< /S /JavaScript /JS (app.alert\\("signed"\\)) >>';

describe('active content in a PDF to sign', () => {
  it.each([
    ['runs JavaScript when opened', { 1: catalogWith(`/OpenAction ${script}`) }, 'javascript'],
    [
      'launches a program when opened',
      { 1: catalogWith('/OpenAction << /S /Launch /F (calc.exe) >>') },
      'automatic-action',
    ],
    [
      'opens a web address when opened',
      { 1: catalogWith('/OpenAction << /S /URI /URI (https://evil.example/) >>') },
      'automatic-action',
    ],
    [
      'moves to a page when opened, then runs JavaScript',
      { 1: catalogWith(`/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next ${script} >>`) },
      'javascript',
    ],
    [
      'holds document-level JavaScript',
      { 1: catalogWith('/Names << /JavaScript << /Names [(init) 9 0 R] >> >>'), 9: script },
      'javascript',
    ],
    [
      'runs JavaScript when a page is shown',
      { 3: pageWith(`/AA << /O ${script} >>`) },
      'javascript',
    ],
    [
      'submits a form when a page is shown',
      { 3: pageWith('/AA << /O << /S /SubmitForm /F (https://evil.example/) >> >>') },
      'automatic-action',
    ],
    [
      'has a link that launches a program',
      { 3: pageWith('/Annots [9 0 R]'), 9: link('<< /S /Launch /F (cmd.exe) >>') },
      'action',
    ],
    [
      'carries an embedded file',
      {
        1: catalogWith('/Names << /EmbeddedFiles << /Names [(lasku.exe) 9 0 R] >> >>'),
        9: '<< /Type /Filespec /F (lasku.exe) /EF << /F 10 0 R >> >>',
        10: '<< /Type /EmbeddedFile >>',
      },
      'embedded-file',
    ],
    [
      'has a file attachment annotation',
      {
        3: pageWith('/Annots [9 0 R]'),
        9: '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 9 9] /FS 10 0 R >>',
        10: '<< /Type /Filespec /F (x) >>',
      },
      'embedded-file',
    ],
    [
      'is an XFA form, which viewers draw instead of its pages',
      {
        1: catalogWith('/AcroForm << /Fields [] /XFA 9 0 R >>'),
        9: '[(template) 10 0 R]',
        10: '<< >>',
      },
      'xfa-form',
    ],
  ])('finds that a PDF %s', async (_label, changes, kind) => {
    expect(await kindsIn(documentWith(changes))).toContain(kind);
    // The same inside an object stream.
    expect(
      await kindsIn(documentWith(changes, 'stream', { compress: [1, 2, 3, 4, 7, 8, 9] })),
    ).toContain(kind);
  });

  it.each([
    [
      'a web link',
      { 3: pageWith('/Annots [9 0 R]'), 9: link('<< /S /URI /URI (https://example.fi/) >>') },
    ],
    [
      'a link to another page',
      { 3: pageWith('/Annots [9 0 R]'), 9: link('<< /S /GoTo /D [4 0 R /Fit] >>') },
    ],
    ['an opening page', { 1: catalogWith('/OpenAction [4 0 R /Fit]') }],
    ['an opening move to a page', { 1: catalogWith('/OpenAction << /S /GoTo /D [4 0 R /Fit] >>') }],
    [
      'structure elements with attributes',
      {
        1: catalogWith('/StructTreeRoot 9 0 R /MarkInfo << /Marked true >>'),
        9: '<< /Type /StructTreeRoot /K [10 0 R] >>',
        10: '<< /Type /StructElem /S /P /P 9 0 R /A << /O /Layout /Placement /Block >> >>',
      },
    ],
  ])('finds nothing in a PDF with %s', async (_label, changes) => {
    expect(await kindsIn(documentWith(changes))).toEqual([]);
  });

  it('finds nothing in the files of other producers', async () => {
    expect(await kindsIn(pdfLibDocument(2))).toEqual([]);
    expect(await kindsIn(pdfLibDocument(2, true))).toEqual([]);
    expect(await kindsIn(hybridReferencePdf())).toEqual([]);
    expect(await kindsIn(chromiumPdf())).toEqual([]);
    const qpdfStreams = ['--object-streams=generate', '--linearize'];
    expect(await kindsIn(rewriteWithQpdf(await pdfLibDocument(2), qpdfStreams))).toEqual([]);
    for (const [, make] of libreOfficeKinds) expect(await kindsIn(make())).toEqual([]);
  });

  it('finds a file attached with pdf-lib', async () => {
    const document = await PDFDocument.load(await pdfLibDocument(1));
    await document.attach(Buffer.from('#!/bin/sh\n'), 'asennus.sh', { mimeType: 'text/plain' });
    expect(await kindsIn(Buffer.from(await document.save()))).toContain('embedded-file');
  });
});
