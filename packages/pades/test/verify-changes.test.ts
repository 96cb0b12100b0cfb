import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCadesSignature } from '../src/cms/cades.ts';
import { addDocumentTimestamp, addValidationData } from '../src/levels.ts';
import { PdfDocument } from '../src/pdf/document.ts';
import { firstPage, readCatalog, writeIncrementalUpdate } from '../src/pdf/incremental-update.ts';
import { textString } from '../src/pdf/serializer.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { fileSource } from '../src/pdf/source.ts';
import { PdfName, PdfRef } from '../src/pdf/values.ts';
import { appendSignature, signPdf, writeSignatureContents } from '../src/sign.ts';
import type { Signer } from '../src/signers/signer.ts';
import { pdfLibDocument, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signer: Signer;
beforeAll(async () => {
  pki = await createTestPki();
  signer = (await pki.issue('Maija Meikäläinen')).signer;
});

async function signedFile(dir: string) {
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(2));
  await signPdf({ input: join(dir, 'in.pdf'), output: join(dir, 'signed.pdf'), signer });
  return join(dir, 'signed.pdf');
}

/** Appends a text annotation (a note) to the first page as an incremental update. */
async function addNote(input: string, output: string): Promise<{ page: number; note: number }> {
  const source = await fileSource(input);
  try {
    const document = await PdfDocument.open(source);
    const page = await firstPage(document, (await readCatalog(document)).dict);
    const note = new PdfRef(document.size, 0);
    const annots = await document.resolve(page.dict.get('Annots'));
    const pageDict = new Map(page.dict).set('Annots', [
      ...(Array.isArray(annots) ? annots : []),
      note,
    ]);
    const noteDict = new Map<string, PdfName | number[] | ReturnType<typeof textString>>([
      ['Type', new PdfName('Annot')],
      ['Subtype', new PdfName('Text')],
      ['Rect', [72, 700, 92, 720]],
      ['Contents', textString('Vuokra muutettu')],
    ]);
    const update = writeIncrementalUpdate(document, [
      { ref: note, value: noteDict },
      { ref: page.ref, value: pageDict },
    ]);
    copyFileSync(input, output);
    appendFileSync(output, update);
    return { page: page.ref.num, note: note.num };
  } finally {
    await source.close();
  }
}

/** Signs with a /ByteRange changed by `alter`, the signature made over exactly those ranges. */
async function signWithRanges(
  input: string,
  output: string,
  alter: (range: [number, number, number, number]) => [number, number, number, number],
) {
  const placeholder = await appendSignature({
    input,
    output,
    kind: 'signature',
    makeContents: async () => Buffer.alloc(0),
  });
  const bytes = readFileSync(output);
  const ranges = alter(placeholder.byteRange);
  const at = bytes.lastIndexOf('/ByteRange [') + '/ByteRange ['.length;
  bytes.write(ranges.join(' ').padEnd(60, ' '), at, 'latin1');
  const hash = createHash('sha256');
  hash.update(bytes.subarray(ranges[0], ranges[0] + ranges[1]));
  hash.update(bytes.subarray(ranges[2], ranges[2] + ranges[3]));
  writeFileSync(output, bytes);
  const cms = await createCadesSignature({ contentDigest: hash.digest(), signer });
  await writeSignatureContents(output, placeholder, cms);
}

describe('what was added after a signature', () => {
  it('names later signatures, document time stamps and validation data, which PAdES allows', async () => {
    const dir = workDir();
    const signed = await signedFile(dir);
    await signPdf({ input: signed, output: join(dir, 'two.pdf'), signer });
    await addValidationData(join(dir, 'two.pdf'), join(dir, 'dss.pdf'), {
      certificates: [signer.certificate, ...signer.chain],
      crls: await pki.crls(),
    });
    await addDocumentTimestamp(join(dir, 'dss.pdf'), join(dir, 'out.pdf'), pki.timestamp);
    const [first, second] = await verifyFile(join(dir, 'out.pdf'));
    expect(first?.changesAfter).toEqual({
      signatures: 1,
      documentTimestamps: 1,
      validationData: true,
      embeddedFiles: false,
      undefinedChanges: [],
      other: [],
    });
    expect(second?.changesAfter).toMatchObject({ signatures: 0, documentTimestamps: 1, other: [] });
  });

  it('allows filling the empty signature fields prepared before the first signature', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    const signers = [{ name: 'Maija Meikäläinen' }, { name: 'Pekka Puupää' }];
    await prepareForSigning({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'prepared.pdf'),
      title: 'Vuokrasopimus',
      signers,
      language: 'fi',
    });
    await signPdf({
      input: join(dir, 'prepared.pdf'),
      output: join(dir, '1.pdf'),
      signer,
      fieldName: 'Signer1',
    });
    await signPdf({
      input: join(dir, '1.pdf'),
      output: join(dir, '2.pdf'),
      signer,
      fieldName: 'Signer2',
    });
    const [first] = await verifyFile(join(dir, '2.pdf'));
    expect(first?.changesAfter).toMatchObject({ signatures: 1, other: [] });
  });

  it('reports a page appended after the signature as another change', async () => {
    const dir = workDir();
    await prepareForSigning({
      input: await signedFile(dir),
      output: join(dir, 'out.pdf'),
      title: 'Liite',
      signers: [{ name: 'Pekka Puupää' }],
      language: 'fi',
    });
    const [report] = await verifyFile(join(dir, 'out.pdf'));
    expect(report?.valid).toBe(true);
    expect(report?.changesAfter.other.join('\n')).toMatch(/Pages \d+ changed: .*\/Kids/);
  });

  it('reports a note added to a page as another change, naming both objects', async () => {
    const dir = workDir();
    const { page, note } = await addNote(await signedFile(dir), join(dir, 'out.pdf'));
    const [report] = await verifyFile(join(dir, 'out.pdf'));
    expect(report?.changesAfter).toMatchObject({ signatures: 0, validationData: false });
    expect([...(report?.changesAfter.other ?? [])].sort()).toEqual([
      `Annot ${note} added`,
      `page ${page} changed: /Annots`,
    ]);
  });
});

describe('the /ByteRange of a signature', () => {
  it('must leave only its own /Contents unsigned', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await signWithRanges(join(dir, 'in.pdf'), join(dir, 'out.pdf'), ([, start, end, rest]) => [
      0,
      start - 20,
      end,
      rest,
    ]);
    const [report] = await verifyFile(join(dir, 'out.pdf'));
    expect(report).toMatchObject({
      digestMatches: true,
      signatureValid: true,
      valid: false,
      level: 'none',
    });
    expect(report?.problems).toContain(
      "the unsigned gap is not this signature dictionary's /Contents",
    );
  });

  it('must start at the first byte of the file', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await signWithRanges(join(dir, 'in.pdf'), join(dir, 'out.pdf'), ([, start, end, rest]) => [
      10,
      start - 10,
      end,
      rest,
    ]);
    const [report] = await verifyFile(join(dir, 'out.pdf'));
    expect(report).toMatchObject({ digestMatches: true, valid: false });
    expect(report?.problems).toContain(
      'the signed bytes do not start at the beginning of the file',
    );
  });
});
