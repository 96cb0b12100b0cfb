import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signAtLevel } from '../src/levels.ts';
import { checkCompletable } from '../src/pdf/completion-check.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import type { Signer } from '../src/signers/signer.ts';
import {
  libreOfficePdf,
  pdfLibDocument,
  pdfsig,
  qpdfCheck,
  verifyFile,
  workDir,
} from './support/fixtures.ts';
import { mutoolComplaints } from './support/object-bytes.ts';
import { runPades } from './support/run-pades.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signer: Signer;
beforeAll(async () => {
  pki = await createTestPki();
  signer = (await pki.issue('Maija Meikäläinen')).signer;
});

const garbage: Array<[string, Buffer]> = [
  ['a NUL', Buffer.from([0])],
  [
    'a line of text and 3 KB of binary bytes',
    Buffer.concat([
      Buffer.from('\n<!-- saved by a mail gateway -->\n', 'latin1'),
      Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256)),
    ]),
  ],
];

const producers: Array<[string, () => Promise<Buffer> | Buffer]> = [
  ['LibreOffice (a table)', () => libreOfficePdf('vuokrasopimus')],
  ['pdf-lib (a cross-reference stream)', () => pdfLibDocument(1, true)],
];

describe.each(producers)('a PDF from %s with bytes after %%EOF', (_producer, make) => {
  it.each(garbage)(
    'followed by %s is prepared, signed to B-LTA and valid for poppler, qpdf, mupdf and pades',
    async (_label, tail) => {
      const dir = workDir();
      const input = join(dir, 'in.pdf');
      const original = Buffer.concat([await make(), tail]);
      writeFileSync(input, original);
      await checkCompletable(input);
      const [field] = await prepareForSigning({
        input,
        output: join(dir, 'prepared.pdf'),
        title: 'Vuokrasopimus',
        signers: [{ name: 'Maija Meikäläinen' }],
        language: 'fi',
      });
      const output = join(dir, 'out.pdf');
      await signAtLevel({
        input: join(dir, 'prepared.pdf'),
        output,
        level: 'B-LTA',
        signer,
        timestamp: pki.timestamp,
        validationData: { certificates: [signer.certificate, ...signer.chain], crls: [] },
        ...(field ? { fieldName: field } : {}),
      });

      // The bytes after %%EOF stay where they were; the updates follow them.
      expect(readFileSync(output).subarray(0, original.length)).toEqual(original);
      expect(pdfsig(output).valid).toEqual([true, false]);
      expect(qpdfCheck(output)).toBeNull();
      expect(mutoolComplaints(output)).toEqual([]);
      const reports = await verifyFile(output);
      expect(
        reports.map((report) => [report.kind, report.valid, report.changesAfter.other]),
      ).toEqual([
        ['signature', true, []],
        ['document-timestamp', true, []],
      ]);
      const verify = await runPades(['verify', output]);
      expect(verify.stderr).toBe('');
      expect(verify.code).toBe(0);
    },
  );
});
