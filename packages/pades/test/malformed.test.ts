import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '../src/pdf/document.ts';
import { prepareSignatureUpdate } from '../src/pdf/signature-update.ts';
import { bufferSource } from '../src/pdf/source.ts';
import { PdfError } from '../src/pdf/values.ts';
import { signPdf } from '../src/sign.ts';
import { keySigner } from '../src/signers/signer.ts';
import { pdfLibDocument, testIdentity, workDir } from './support/fixtures.ts';

/** Opens and prepares a signature: it must succeed or fail with a PdfError, quickly. */
async function openAndPrepare(bytes: Buffer): Promise<'ok' | 'refused'> {
  try {
    const document = await PdfDocument.open(bufferSource(bytes));
    await prepareSignatureUpdate(document, {
      contentsBytes: 1024,
      kind: 'signature',
      signingTime: new Date(),
    });
    return 'ok';
  } catch (error) {
    if (error instanceof PdfError) return 'refused';
    throw error;
  }
}

async function withinASecond(bytes: Buffer) {
  const started = performance.now();
  const outcome = await openAndPrepare(bytes);
  expect(performance.now() - started).toBeLessThan(1000);
  return outcome;
}

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
      fc.asyncProperty(
        fc.boolean(),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })),
          { minLength: 1, maxLength: 20 },
        ),
        async (useStreams, changes) => {
          const bytes = Buffer.from(useStreams ? streams : classic);
          for (const [where, value] of changes)
            bytes[Math.floor(where * (bytes.length - 1))] = value;
          await withinASecond(bytes);
        },
      ),
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
