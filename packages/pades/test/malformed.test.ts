import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDocumentTimestamp, addValidationData } from '../src/levels.ts';
import { PdfDocument } from '../src/pdf/document.ts';
import { readCatalog, writeIncrementalUpdate } from '../src/pdf/incremental-update.ts';
import { textString } from '../src/pdf/serializer.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { prepareSignatureUpdate } from '../src/pdf/signature-update.ts';
import { bufferSource } from '../src/pdf/source.ts';
import { PdfError, PdfName, PdfRef, type PdfValue } from '../src/pdf/values.ts';
import { signPdf } from '../src/sign.ts';
import { keySigner } from '../src/signers/signer.ts';
import { verifyPdf } from '../src/verify/verify.ts';
import { pdfLibDocument, testIdentity, workDir } from './support/fixtures.ts';
import { createTestPki } from './support/test-pki.ts';

/** Runs `task`: it must end in a result or a PdfError (answered as 'refused'), within a second. */
async function endsClearly(task: () => Promise<unknown>): Promise<'ok' | 'refused'> {
  const started = performance.now();
  let outcome: 'ok' | 'refused' = 'ok';
  try {
    await task();
  } catch (error) {
    if (!(error instanceof PdfError)) throw error;
    outcome = 'refused';
  }
  expect(performance.now() - started).toBeLessThan(1000);
  return outcome;
}

/** Opens and prepares a signature: it must succeed or fail with a PdfError, within a second. */
const withinASecond = (bytes: Buffer) =>
  endsClearly(async () => {
    const document = await PdfDocument.open(bufferSource(bytes));
    await prepareSignatureUpdate(document, {
      contentsBytes: 1024,
      kind: 'signature',
      signingTime: new Date(),
    });
  });

/** Changes the bytes at the given places (fractions of the length) to the given values. */
function corrupted(bytes: Buffer, changes: Array<[number, number]>): Buffer {
  const copy = Buffer.from(bytes);
  for (const [where, value] of changes) copy[Math.floor(where * (copy.length - 1))] = value;
  return copy;
}

const byteChanges = fc.array(
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })),
  { minLength: 1, maxLength: 20 },
);

describe('malformed input', () => {
  let classic: Buffer;
  let streams: Buffer;
  beforeAll(async () => {
    classic = await pdfLibDocument(2, false);
    streams = await pdfLibDocument(2, true);
  });

  it('ends every truncation in a clear error or a usable document, within a second', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (useStreams, fraction) => {
          const source = useStreams ? streams : classic;
          await withinASecond(source.subarray(0, Math.floor(source.length * fraction)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('survives random byte changes anywhere in the file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), byteChanges, async (useStreams, changes) => {
        await withinASecond(corrupted(useStreams ? streams : classic, changes));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses loops and absurd sizes with a clear error', async () => {
    const text = classic.toString('latin1');
    const startxref = Number(/startxref\s+(\d+)/.exec(text.slice(-64))?.[1]);
    const looped = Buffer.from(
      text.replace(/trailer\s*<</, `trailer\n<< /Prev ${startxref} `),
      'latin1',
    );
    expect(await withinASecond(looped)).toBe('refused');
    const hugeStream = Buffer.from(
      streams.toString('latin1').replace(/\/Length \d+/, '/Length 99999999999'),
      'latin1',
    );
    expect(await withinASecond(hugeStream)).toBe('refused');
    const selfParent = Buffer.from(
      text
        .replace('/Type /Pages', '/Type /Pages /Kids [2 0 R]')
        .replace(/\/Kids \[[^\]]*\]/, '/Kids [2 0 R]'),
      'latin1',
    );
    expect(['ok', 'refused']).toContain(await withinASecond(selfParent));
    expect(await withinASecond(Buffer.from('%PDF-1.7\n'.repeat(100)))).toBe('refused');
  });

  it('refuses an encrypted PDF instead of signing it wrongly', async () => {
    const dir = workDir();
    const { execFileSync } = await import('node:child_process');
    writeFileSync(join(dir, 'plain.pdf'), classic);
    execFileSync('qpdf', [
      '--encrypt',
      'u',
      'o',
      '256',
      '--',
      join(dir, 'plain.pdf'),
      join(dir, 'locked.pdf'),
    ]);
    const identity = testIdentity('ec');
    await expect(
      signPdf({
        input: join(dir, 'locked.pdf'),
        output: join(dir, 'out.pdf'),
        signer: keySigner(identity.privateKey, identity.certificate),
      }),
    ).rejects.toThrow(/encrypted/);
  });
});

describe('malformed signed input', () => {
  let signed: Buffer[];
  beforeAll(async () => {
    const pki = await createTestPki();
    const { signer } = await pki.issue('Maija Meikäläinen');
    signed = [];
    for (const useStreams of [false, true]) {
      const dir = workDir();
      writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1, useStreams));
      const step = (name: string) => join(dir, name);
      await signPdf({
        input: step('in.pdf'),
        output: step('signed.pdf'),
        signer,
        level: 'B-T',
        timestamp: pki.timestamp,
        contentsBytes: 6000,
      });
      await addValidationData(step('signed.pdf'), step('dss.pdf'), {
        certificates: [signer.certificate, ...signer.chain],
        crls: await pki.crls(),
      });
      await addDocumentTimestamp(step('dss.pdf'), step('out.pdf'), pki.timestamp, 4000);
      signed.push(readFileSync(step('out.pdf')));
    }
  });

  const verify = (bytes: Buffer) => () => verifyPdf(bufferSource(bytes));

  it('starts from signed files that verify whole: a B-LTA signature and a document time stamp', async () => {
    for (const bytes of signed) {
      const reports = await verifyPdf(bufferSource(bytes));
      expect(reports.map((report) => [report.level, report.valid])).toEqual([
        ['B-LTA', true],
        ['timestamp', true],
      ]);
    }
  });

  it('verifies a corrupted signed file to a report or a clear error, within a second', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1 }), byteChanges, async (which, changes) => {
        await endsClearly(verify(corrupted(signed[which] ?? Buffer.alloc(0), changes)));
      }),
      { numRuns: 200 },
    );
  });

  it('verifies every truncation of a signed file to a report or a clear error, within a second', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (which, fraction) => {
          const bytes = signed[which] ?? Buffer.alloc(0);
          await endsClearly(verify(bytes.subarray(0, Math.floor(bytes.length * fraction))));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('prepares a corrupted file for signing or refuses it clearly, within a second', async () => {
    const dir = workDir();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1 }), byteChanges, async (which, changes) => {
        writeFileSync(join(dir, 'in.pdf'), corrupted(signed[which] ?? Buffer.alloc(0), changes));
        await endsClearly(() =>
          prepareForSigning({
            input: join(dir, 'in.pdf'),
            output: join(dir, 'out.pdf'),
            title: 'Vuokrasopimus',
            signers: [{ name: 'Maija Meikäläinen' }],
            language: 'fi',
          }),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('verifies a signature field that lists itself a thousand times as its own kid, quickly', async () => {
    const source = bufferSource(signed[0] ?? Buffer.alloc(0));
    const document = await PdfDocument.open(source);
    const catalog = await readCatalog(document);
    const field = new PdfRef(document.size, 0);
    const form = new PdfRef(document.size + 1, 0);
    const update = writeIncrementalUpdate(document, [
      {
        ref: field,
        value: new Map<string, PdfValue>([
          ['FT', new PdfName('Sig')],
          ['T', textString('Silmukka')],
          ['Kids', Array.from({ length: 1000 }, () => field)],
        ]),
      },
      { ref: form, value: new Map<string, PdfValue>([['Fields', [field, field, field]]]) },
      { ref: catalog.ref, value: new Map(catalog.dict).set('AcroForm', form) },
    ]);
    const looped = Buffer.concat([signed[0] ?? Buffer.alloc(0), update]);
    expect(await endsClearly(verify(looped))).toBe('ok');
    expect(await verifyPdf(bufferSource(looped))).toEqual([]);
  });
});
