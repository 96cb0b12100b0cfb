import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bufferSource, verifyPdf } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { makePdf } from './support/pdf.ts';
import {
  draftBody,
  identifyWithCode,
  mailsTo,
  pdfsigVerdicts,
  signingTokenIn,
} from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';
import { trustAnchorsOf } from './support/trust.ts';

const flows = '/api/esign/SignFlows';
const libreOfficeExport = () =>
  readFileSync(
    join(import.meta.dirname, '../../pades/test/fixtures/libreoffice/vuokrasopimus.pdf'),
  );

/** qpdf's structural check of a PDF: null when it finds nothing wrong, else its output. */
function qpdfProblems(pdf: Buffer): string | null {
  const path = join(mkdtempSync(join(tmpdir(), 'esign-qpdf-')), 'signed.pdf');
  writeFileSync(path, pdf);
  try {
    execFileSync('qpdf', ['--check', path], { encoding: 'utf8' });
    return null;
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('a PDF with bytes after %%EOF, as the file to sign', () => {
  const context = useTestApp('sqlite', { JOB_WORKER: 'false' });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();

  it.each([
    [
      'a LibreOffice export followed by a NUL',
      () => Buffer.concat([libreOfficeExport(), Buffer.from([0])]),
    ],
    [
      'a PDF followed by a line and NULs',
      () =>
        Buffer.concat([makePdf('Vuokrasopimus'), Buffer.from('\r\n-- scanned --\0\0\0', 'latin1')]),
    ],
  ])(
    'is taken as %s, kept byte for byte and signed to a file every validator accepts',
    async (_label, make) => {
      const owner = new TestClient(context.app);
      await owner.login('user@example.com', 'user-demo');
      const signer = `trailing.${Math.random().toString(36).slice(2)}@example.com`;
      const saved = await owner.post(
        flows,
        draftBody({ signers: [{ Name: 'Anna', Email: signer }] }),
      );
      const flow = `${flows}/${saved.json<{ Guid: string }>().Guid}`;
      const original = make();
      const uploaded = await owner.upload(`${flow}/signfile`, 'sopimus.pdf', original);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const stored = (await owner.get(flow)).json<{ SignFileInfo: { Guid: string } }>();
      const kept = await owner.get(`${flow}/signfile/${stored.SignFileInfo.Guid}`);
      expect(kept.rawPayload.equals(original)).toBe(true);

      expect((await owner.post(`${flow}/send`)).statusCode).toBe(200);
      await runJobs();
      const invitation = (await mailsTo(db(), signer)).find((mail) =>
        /\/sign\//.test(mail.text_body),
      );
      const token = signingTokenIn(invitation?.text_body ?? '');
      const browser = await identifyWithCode(context.app, db(), runJobs, token, signer);
      const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
      expect(signed.statusCode, signed.body).toBe(200);
      await runJobs();

      const finished = (await owner.get(flow)).json<{
        Status: string;
        SignedFile: { Guid: string };
      }>();
      expect(finished.Status).toBe('Finished');
      const pdf = (await owner.get(`${flow}/signedfile/${finished.SignedFile.Guid}`)).rawPayload;
      expect(pdf.subarray(0, original.length).equals(original)).toBe(true);
      const reports = await verifyPdf(bufferSource(pdf), {
        trustAnchors: await trustAnchorsOf(context),
      });
      expect(
        reports.map((report) => [report.kind, report.valid, report.changesAfter.other]),
      ).toEqual([
        ['signature', true, []],
        ['document-timestamp', true, []],
      ]);
      const poppler = pdfsigVerdicts(pdf);
      expect(poppler.valid, poppler.output).toBe(1);
      expect(qpdfProblems(pdf)).toBeNull();
    },
  );
});
