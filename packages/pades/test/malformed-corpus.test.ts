import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDocumentTimestamp, addValidationData } from '../src/levels.ts';
import { findActiveContentIn } from '../src/pdf/active-content.ts';
import { checkCompletable } from '../src/pdf/completion-check.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { fileSource } from '../src/pdf/source.ts';
import { PdfError } from '../src/pdf/values.ts';
import { signPdf } from '../src/sign.ts';
import type { Signer } from '../src/signers/signer.ts';
import { verifyPdf } from '../src/verify/verify.ts';
import { classicForm, documentWith, streamForm } from './support/corpus-bases.ts';
import { workDir } from './support/fixtures.ts';
import { malformedCorpus, type MalformedPdf } from './support/malformed-corpus.ts';
import { appendUpdate } from './support/pdf-writer.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

/**
 * The upload check's verdict: 'accepted' when the file can be finished and has no active
 * content, 'refused' when it has some or a PdfError says why not; anything else throws.
 */
async function verdictOn(path: string): Promise<'accepted' | 'refused'> {
  try {
    await checkCompletable(path);
    return (await findActiveContentIn(path)).length > 0 ? 'refused' : 'accepted';
  } catch (error) {
    if (error instanceof PdfError) return 'refused';
    throw error;
  }
}

describe('a corpus of malformed PDFs', () => {
  let pki: TestPki;
  let signer: Signer;
  let corpus: MalformedPdf[];
  beforeAll(async () => {
    pki = await createTestPki();
    signer = (await pki.issue('Maija Meikäläinen')).signer;
    corpus = malformedCorpus();
  });

  /** Signature page, a B-T signature, validation data and a document time stamp; answers what verifies. */
  async function finish(input: string, dir: string) {
    const step = (name: string) => join(dir, name);
    const [fieldName] = await prepareForSigning({
      input,
      output: step('prepared.pdf'),
      title: 'Vuokrasopimus',
      signers: [{ name: 'Maija Meikäläinen' }, { name: 'Bertil Björk' }],
      language: 'fi',
    });
    await signPdf({
      input: step('prepared.pdf'),
      output: step('signed.pdf'),
      signer,
      level: 'B-T',
      timestamp: pki.timestamp,
      ...(fieldName ? { fieldName } : {}),
    });
    await addValidationData(step('signed.pdf'), step('dss.pdf'), {
      certificates: [signer.certificate, ...signer.chain],
      crls: await pki.crls(),
    });
    await addDocumentTimestamp(step('dss.pdf'), step('finished.pdf'), pki.timestamp);
    const source = await fileSource(step('finished.pdf'));
    try {
      // The last two are ours; a signature the file brought may be anything.
      const ours = (await verifyPdf(source, { trustAnchors: [pki.root] })).slice(-2);
      return ours.map((report) =>
        [report.kind, report.valid ? 'valid' : 'invalid', report.level].join(' '),
      );
    } finally {
      await source.close();
    }
  }

  it('is generated from seeds: at least 500 files, the same bytes on every run', () => {
    const digest = (files: MalformedPdf[]) =>
      createHash('sha256')
        .update(Buffer.concat(files.map((file) => file.bytes)))
        .digest('hex');
    expect(corpus.length).toBeGreaterThanOrEqual(500);
    expect(new Set(corpus.map((file) => file.name)).size).toBe(corpus.length);
    expect(digest(malformedCorpus())).toBe(digest(corpus));
    expect(new Set(corpus.map((file) => file.kind))).toEqual(
      new Set([
        'truncation',
        'byte flips',
        'compressed stream',
        'cross-reference',
        'object stream',
        'page-tree cycle',
        'deep nesting',
        'bad update',
        'not a PDF',
      ]),
    );
  });

  it('refuses each malformed file with a PdfError, or finishes it with signatures that verify', async () => {
    const dir = workDir();
    const input = join(dir, 'input.pdf');
    const unfinished: string[] = [];
    let accepted = 0;
    for (const file of corpus) {
      writeFileSync(input, file.bytes);
      if ((await verdictOn(input)) === 'refused') continue;
      accepted += 1;
      try {
        const reports = await finish(input, dir);
        if (reports.join() !== 'signature valid B-LTA,document-timestamp valid timestamp')
          unfinished.push(`${file.name}: ${JSON.stringify(reports)}`);
      } catch (error) {
        unfinished.push(`${file.name}: ${(error as Error).message}`);
      }
    }
    expect(unfinished).toEqual([]);
    // Both outcomes occur: the corpus is not all garbage, nor all harmless.
    expect(accepted).toBeGreaterThan(50);
    expect(corpus.length - accepted).toBeGreaterThan(300);
  }, 180_000);
});

describe('files that could be prepared and signed but never finished', () => {
  const check = (bytes: Buffer) => {
    const path = join(workDir(), 'input.pdf');
    writeFileSync(path, bytes);
    return verdictOn(path);
  };
  const page = '<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>';

  it('refuses a file whose page tree lists itself among its kids', async () => {
    expect(
      await check(documentWith({ 2: '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>' })),
    ).toBe('refused');
    expect(await check(documentWith({ 3: page.replace('/Page ', '/Pages /Kids [3 0 R] ') }))).toBe(
      'refused',
    );
  });

  it('refuses a file whose first page is missing from its page tree', async () => {
    expect(
      await check(
        documentWith({ 2: '<< /Type /Pages /Kids [99 0 R 3 0 R] /Count 2 >>' }, 'stream'),
      ),
    ).toBe('refused');
  });

  it("refuses a file whose catalog names the update's object stream as its form", async () => {
    const catalog = '<< /Type /Catalog /Pages 2 0 R /AcroForm 9 0 R >>';
    const base = documentWith({});
    expect(
      await check(
        appendUpdate(base, [{ num: 1, body: catalog }], { ...streamForm, compress: [1] }),
      ),
    ).toBe('refused');
    // The same catalog in a plain update is a file to sign like any other.
    const form = { num: 9, body: '<< /Fields [] >>' };
    expect(await check(appendUpdate(base, [{ num: 1, body: catalog }, form], classicForm))).toBe(
      'accepted',
    );
  });

  it('accepts a sound file of each kind', async () => {
    expect(await check(documentWith({}))).toBe('accepted');
    expect(await check(documentWith({}, 'stream'))).toBe('accepted');
  });
});
