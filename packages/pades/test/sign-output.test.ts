import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeGeneratedPdf } from '../bench/generate.ts';
import { signPdf } from '../src/sign.ts';
import { keySigner } from '../src/signers/signer.ts';
import { pdfLibDocument, pdfsig, qpdfCheck, testIdentity, workDir } from './support/fixtures.ts';

// The kernel copy (copyFile) can be made to fail, as on a file system refusing its fchmod.
const refuseCopy = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof fsPromises>();
  return {
    ...original,
    copyFile: async (...args: Parameters<typeof original.copyFile>) => {
      if (refuseCopy.on)
        throw Object.assign(new Error('EPERM: operation not permitted, copyfile'), {
          code: 'EPERM',
        });
      return original.copyFile(...args);
    },
  };
});

const identity = testIdentity('ec');
const signer = keySigner(identity.privateKey, identity.certificate);
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the signed output', () => {
  afterEach(() => {
    refuseCopy.on = false;
  });

  it('is still written, and valid, when the kernel copy is refused', async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'signed.pdf');
    writeFileSync(input, await pdfLibDocument(2));
    writeFileSync(output, Buffer.alloc(200_000, 0x41)); // a longer file, to be replaced
    refuseCopy.on = true;
    await signPdf({ input, output, signer });
    const original = readFileSync(input);
    expect(readFileSync(output).subarray(0, original.length).equals(original)).toBe(true);
    expect(pdfsig(output)).toMatchObject({ valid: [true], wholeDocument: [true] });
    expect(qpdfCheck(output)).toBeNull();
  });

  it.each([
    ['by the kernel', false],
    ['through a buffer', true],
  ])('is valid for a file of several read chunks copied %s', async (_how, refused) => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'signed.pdf');
    await writeGeneratedPdf(input, 9 * 1024 * 1024 + 12345); // two 4 MiB chunks and a part
    refuseCopy.on = refused;
    await signPdf({ input, output, signer });
    const original = readFileSync(input);
    expect(readFileSync(output).subarray(0, original.length).equals(original)).toBe(true);
    expect(pdfsig(output)).toMatchObject({ valid: [true], wholeDocument: [true] });
  });

  it("gets a new file's usual mode, not the input's, and an existing output keeps its own", async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await pdfLibDocument(1));
    chmodSync(input, 0o400);
    writeFileSync(join(dir, 'usual'), '');
    await signPdf({ input, output: join(dir, 'new.pdf'), signer });
    expect(mode(join(dir, 'new.pdf'))).toBe(mode(join(dir, 'usual')));
    writeFileSync(join(dir, 'existing.pdf'), 'old');
    chmodSync(join(dir, 'existing.pdf'), 0o640);
    await signPdf({ input, output: join(dir, 'existing.pdf'), signer });
    expect(mode(join(dir, 'existing.pdf'))).toBe(0o640);
    expect(pdfsig(join(dir, 'existing.pdf')).valid).toEqual([true]);
  });

  it('replaces an existing output only when complete: a failed signing keeps it and leaves no partial file', async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await pdfLibDocument(1));
    const output = join(dir, 'signed.pdf');
    writeFileSync(output, 'what the user saved before');
    const failing = {
      ...signer,
      sign: async () => {
        throw new Error('the key is not available');
      },
    };
    await expect(signPdf({ input, output, signer: failing })).rejects.toThrow(/not available/);
    expect(readFileSync(output, 'utf8')).toBe('what the user saved before');
    expect(readdirSync(dir).sort()).toEqual(['in.pdf', 'signed.pdf']);
    await signPdf({ input, output, signer });
    expect(pdfsig(output).valid).toEqual([true]);
    expect(readdirSync(dir).sort()).toEqual(['in.pdf', 'signed.pdf']);
  });

  it('is refused when it is the input itself, leaving the input untouched', async () => {
    const dir = workDir();
    const input = join(dir, 'in.pdf');
    const original = await pdfLibDocument(1);
    writeFileSync(input, original);
    await expect(signPdf({ input, output: input, signer })).rejects.toThrow(/another file/);
    expect(readFileSync(input).equals(original)).toBe(true);
  });
});
