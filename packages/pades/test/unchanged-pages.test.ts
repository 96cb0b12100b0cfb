import { appendFileSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDocumentTimestamp, signAtLevel } from '../src/levels.ts';
import type { PdfDocument } from '../src/pdf/document.ts';
import { writeIncrementalUpdate, type NewObject } from '../src/pdf/incremental-update.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { isDict, isRef, nameOf, PdfRef } from '../src/pdf/values.ts';
import { signPdf } from '../src/sign.ts';
import type { Signer } from '../src/signers/signer.ts';
import {
  libreOfficeKinds,
  libreOfficePdf,
  pdfsig,
  qpdfCheck,
  rewriteWithQpdf,
  verifyFile,
  workDir,
} from './support/fixtures.ts';
import {
  insertions,
  libreOfficeLikePdf,
  likeObjects,
  mutoolComplaints,
  objectText,
  pageRefs,
  qpdfObjectWithoutAnnots,
  withDocument,
} from './support/object-bytes.ts';
import { runPades } from './support/run-pades.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signers: Signer[];
beforeAll(async () => {
  pki = await createTestPki();
  signers = [(await pki.issue('Maija Meikäläinen')).signer, (await pki.issue('Pekka')).signer];
});

const validationData = (signer: Signer) => ({
  certificates: [signer.certificate, ...signer.chain, pki.pki.timeStamping.certificate],
  crls: [],
});

const kinds: Array<[string, () => Buffer]> = [
  ...libreOfficeKinds,
  [
    'LibreOffice Writer, put into object streams by qpdf',
    () => rewriteWithQpdf(libreOfficePdf('muistio-tagged'), ['--object-streams=generate']),
  ],
  [
    'a LibreOffice-like file with its own /Annots object and a form in the catalog',
    () => libreOfficeLikePdf('table'),
  ],
  ['the same with every dictionary in an object stream', () => libreOfficeLikePdf('stream')],
];

/** A signature in a new invisible field, a second one at B-LTA and a renewing time stamp. */
async function signThreeTimes(dir: string): Promise<string> {
  const [first, second] = signers;
  if (!first || !second) throw new Error('no signers');
  const input = join(dir, 'in.pdf');
  await signPdf({ input, output: join(dir, '1.pdf'), signer: first });
  await signAtLevel({
    input: join(dir, '1.pdf'),
    output: join(dir, '2.pdf'),
    level: 'B-LTA',
    signer: second,
    timestamp: pki.timestamp,
    validationData: validationData(second),
  });
  await addDocumentTimestamp(join(dir, '2.pdf'), join(dir, 'out.pdf'), pki.timestamp);
  return join(dir, 'out.pdf');
}

/** Every signature field widget that `refs` (text like ' 24 0 R 27 0 R') names in `path`. */
async function signatureWidgets(path: string, inserted: string): Promise<number> {
  const nums = [...inserted.matchAll(/(\d+) 0 R/g)].map((match) => Number(match[1]));
  return withDocument(path, async (document) => {
    let widgets = 0;
    for (const num of nums) {
      const widget = await document.getObject(new PdfRef(num, 0));
      if (
        isDict(widget) &&
        nameOf(widget.get('FT')) === 'Sig' &&
        nameOf(widget.get('Subtype')) === 'Widget'
      )
        widgets += 1;
    }
    return widgets;
  });
}

/**
 * Checks that each page of `input` is in `output` byte for byte, but for its /Annots (or the
 * /Annots array of its own) gaining references; answers how many signature widgets they add.
 */
async function expectOnlyWidgetsAdded(input: string, output: string): Promise<number> {
  const pages = await withDocument(input, pageRefs);
  const annots = await withDocument(input, async (document) =>
    Promise.all(
      pages.map(async (ref) => {
        const page = await document.getObject(ref);
        return isDict(page) ? page.get('Annots') : undefined;
      }),
    ),
  );
  let widgets = 0;
  for (const [index, page] of pages.entries()) {
    const before = await objectText(input, page.num);
    const after = await objectText(output, page.num);
    const own = annots[index];
    // An /Annots array of its own changes instead of the page, which then keeps every byte.
    const [changedBefore, changedAfter] = isRef(own)
      ? [await objectText(input, own.num), await objectText(output, own.num)]
      : [before, after];
    if (isRef(own)) expect(after.equals(before)).toBe(true);
    const inserted = insertions(changedBefore, changedAfter);
    expect(inserted, `page ${page.num}: ${after.toString('latin1')}`).not.toBeNull();
    const text = (inserted ?? []).join('');
    expect(text).toMatch(/^(| \/Annots \[\d+ 0 R( \d+ 0 R)*\]|( \d+ 0 R)+)$/);
    widgets += await signatureWidgets(output, text);
    expect(qpdfObjectWithoutAnnots(output, page.num)).toBe(
      qpdfObjectWithoutAnnots(input, page.num),
    );
  }
  return widgets;
}

describe.each(kinds)('the pages of %s, signed three times', (_label, make) => {
  it("keep every byte but /Annots gaining the signatures' widgets, and verify with no other change", async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    writeFileSync(input, make());
    const output = await signThreeTimes(dir);
    // Two signatures and two document time stamps in new fields on the first page.
    expect(await expectOnlyWidgetsAdded(input, output)).toBe(4);

    const reports = await verifyFile(output);
    expect(reports.map((report) => [report.valid, report.changesAfter.other])).toEqual(
      reports.map(() => [true, []]),
    );
    expect(pdfsig(output).valid.filter(Boolean)).toHaveLength(2);
    expect(qpdfCheck(output)).toBeNull();
    expect(mutoolComplaints(output)).toEqual([]);
    const cli = await runPades(['verify', output]);
    expect(cli.stdout).not.toMatch(/OTHER CHANGES/);
    expect(cli.code).toBe(0);
  });
});

describe('a form written inside the catalog', () => {
  it('gains the new field and /SigFlags in place, the catalog keeping every other byte', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), libreOfficeLikePdf('table'));
    const output = await signThreeTimes(dir);
    const before = await objectText(join(dir, 'in.pdf'), likeObjects.catalog);
    const after = await objectText(output, likeObjects.catalog);
    const inserted = insertions(before, after);
    expect(inserted, after.toString('latin1')).not.toBeNull();
    for (const text of inserted ?? [])
      expect(text).toMatch(/^ (\d+ 0 R|\/SigFlags 3|\/DSS \d+ 0 R)( \d+ 0 R)*$/);
    const reports = await verifyFile(output);
    expect(reports.every((report) => report.changesAfter.other.length === 0)).toBe(true);
  });
});

describe('the signature pages of a LibreOffice file', () => {
  it("are appended with the page tree keeping its bytes; signing adds only the time stamp's widget", async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    writeFileSync(input, libreOfficePdf('poytakirja-pdfa'));
    const prepared = join(dir, 'prepared.pdf');
    const fields = await prepareForSigning({
      input,
      output: prepared,
      title: 'Pöytäkirja',
      signers: [{ name: 'Maija Meikäläinen' }, { name: 'Pekka' }],
      language: 'fi',
    });
    let current = prepared;
    for (const [index, signer] of signers.entries()) {
      const output = join(dir, `${index}.pdf`);
      await signAtLevel({
        input: current,
        output,
        level: index === 0 ? 'B-T' : 'B-LTA',
        signer,
        timestamp: pki.timestamp,
        validationData: validationData(signer),
        ...(fields[index] ? { fieldName: fields[index] } : {}),
      });
      current = output;
    }
    const root = await withDocument(input, async (document) => {
      const catalog = await document.resolve(document.trailer.get('Root'));
      const pages = isDict(catalog) ? catalog.get('Pages') : null;
      return isRef(pages) ? pages.num : 0;
    });
    const count = (bytes: Buffer) =>
      Buffer.from(bytes.toString('latin1').replace(/\/Count\s*\d+/, '/Count'), 'latin1');
    const inserted = insertions(
      count(await objectText(input, root)),
      count(await objectText(prepared, root)),
    );
    expect(inserted).toEqual([expect.stringMatching(/^ \d+ 0 R$/)]);
    // Signing fills the fields; only the document time stamp adds a widget, on page 1.
    expect(await expectOnlyWidgetsAdded(prepared, current)).toBe(1);
    const reports = await verifyFile(current);
    expect(reports.map((report) => report.changesAfter.other)).toEqual(reports.map(() => []));
  });
});

/** Appends an update that writes these objects of `input` again, as `change` makes them. */
async function rewriteObjects(
  input: string,
  output: string,
  change: (document: PdfDocument) => Promise<NewObject[]>,
): Promise<void> {
  const update = await withDocument(input, async (document) =>
    writeIncrementalUpdate(document, await change(document)),
  );
  copyFileSync(input, output);
  appendFileSync(output, update);
}

describe('a change after a signature that PAdES does not allow', () => {
  it('fails pades verify: page 1 written again with six-decimal numbers', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), libreOfficePdf('vuokrasopimus'));
    const [signer] = signers;
    if (!signer) throw new Error('no signer');
    await signPdf({ input: join(dir, 'in.pdf'), output: join(dir, 'signed.pdf'), signer });
    const output = join(dir, 'out.pdf');
    // What the portal did before: the page parsed and serialised again, MediaBox rounded.
    await rewriteObjects(join(dir, 'signed.pdf'), output, async (document) => {
      const [page] = await pageRefs(document);
      const dict = page ? await document.getObject(page) : null;
      return page && isDict(dict) ? [{ ref: page, value: dict }] : [];
    });
    const [report] = await verifyFile(output);
    expect(report?.valid).toBe(true);
    expect(report?.changesAfter.other).toEqual([
      expect.stringMatching(/^page \d+ changed: \/MediaBox$/),
    ]);
    const cli = await runPades(['verify', output]);
    expect(cli.stdout).toMatch(/OTHER CHANGES/);
    expect(cli.stdout).toMatch(/changed after it: page \d+ changed: \/MediaBox/);
    expect(cli.code).toBe(1);
    expect((await runPades(['verify', join(dir, 'signed.pdf')])).code).toBe(0);
  });

  it('fails pades verify: a content stream replaced', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), libreOfficeLikePdf('stream'));
    const [signer] = signers;
    if (!signer) throw new Error('no signer');
    await signPdf({ input: join(dir, 'in.pdf'), output: join(dir, 'signed.pdf'), signer });
    const output = join(dir, 'out.pdf');
    await rewriteObjects(join(dir, 'signed.pdf'), output, async () => [
      {
        ref: new PdfRef(4, 0),
        value: { dict: new Map(), data: Buffer.from('BT /F1 12 Tf 72 700 Td (Vuokra 0 e) Tj ET') },
      },
    ]);
    const [report] = await verifyFile(output);
    expect(report?.changesAfter.other).toEqual(['object 4 changed: /Filter, /Length']);
    expect((await runPades(['verify', output])).code).toBe(1);
  });
});
