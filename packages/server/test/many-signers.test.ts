import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { limits } from '@esign/contract';
import { bufferSource, verifyPdf } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { signatureFieldName } from '../src/signing/flow-start.service.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
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

/** qpdf's view of a PDF: its page count, and each field's full name and the page its widget is on. */
function qpdfView(pdf: Buffer): { pages: number; fields: Array<{ name: string; page: number }> } {
  const path = join(mkdtempSync(join(tmpdir(), 'esign-fields-')), 'document.pdf');
  writeFileSync(path, pdf);
  const qpdf = (args: string[]) => execFileSync('qpdf', [...args, path], { encoding: 'utf8' });
  const { acroform } = JSON.parse(qpdf(['--json', '--json-key=acroform'])) as {
    acroform: { fields: Array<{ fullname: string; pageposfrom1: number }> };
  };
  return {
    pages: Number(qpdf(['--show-npages'])),
    fields: acroform.fields.map((field) => ({ name: field.fullname, page: field.pageposfrom1 })),
  };
}

describe.each(databaseKinds)('a flow with as many signers as allowed on %s', (kind) => {
  const context = useTestApp(kind, { JOB_WORKER: 'false' });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  const signers = Array.from({ length: limits.maxSigners }, (_, index) => ({
    Name: `Allekirjoittaja ${index + 1}`,
    Email: `signer${index + 1}.${kind}@example.com`,
  }));

  it('sends 100 signers on continuing signature pages, and the last one signs a file that verifies', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const saved = await owner.post(flows, draftBody({ signers, process: 'Concurrent' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const flow = `${flows}/${saved.json<{ Guid: string }>().Guid}`;
    const upload = await owner.upload(`${flow}/signfile`, 'osakassopimus.pdf', makePdf());
    expect(upload.statusCode, upload.body).toBe(200);
    const sent = await owner.post(`${flow}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs();

    const linkOf = async (email: string) => {
      const mail = (await mailsTo(db(), email)).find((m) => /\/sign\//.test(m.text_body));
      return signingTokenIn(mail?.text_body ?? '');
    };
    const [first, last] = [signers[0]?.Email ?? '', signers.at(-1)?.Email ?? ''];
    const lastToken = await linkOf(last);
    const lastBrowser = await identifyWithCode(context.app, db(), runJobs, lastToken, last);
    const prepared = (await lastBrowser.get(`/api/sign/${lastToken}/document`)).rawPayload;

    // One field per signer, each once, named for its signer; the last signer's on the last page.
    const rows = await db()
      .selectFrom('sign_flow_signers')
      .select(['id', 'position'])
      .where('flow_id', '=', saved.json<{ Guid: string }>().Guid)
      .orderBy('position')
      .execute();
    const { fields, pages } = qpdfView(prepared);
    expect(fields.map((field) => field.name)).toEqual(rows.map(signatureFieldName));
    expect(pages).toBeGreaterThan(2);
    expect(fields.at(-1)?.page).toBe(pages);

    const signed = await lastBrowser.post(`/api/sign/${lastToken}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
    // Another signer opens the document as it now stands: the last signer's signature in it.
    const firstToken = await linkOf(first);
    const firstBrowser = await identifyWithCode(context.app, db(), runJobs, firstToken, first);
    const current = (await firstBrowser.get(`/api/sign/${firstToken}/document`)).rawPayload;
    const reports = await verifyPdf(bufferSource(current), {
      trustAnchors: await trustAnchorsOf(context),
    });
    expect(reports.map((report) => [report.fieldName, report.valid, report.chainTrusted])).toEqual([
      [fields.at(-1)?.name, true, true],
    ]);
    expect(pdfsigVerdicts(current).valid).toBe(1);
  }, 120_000);

  it('refuses a 101st signer at save with a message that names the limit', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const tooMany = [...signers, { Name: 'Yksi liikaa', Email: `extra.${kind}@example.com` }];
    const saved = await owner.post(flows, draftBody({ signers: tooMany }));
    expect(saved.statusCode).toBe(400);
    expect(saved.json().issues).toEqual([
      { path: 'Signers', key: 'validation.tooManySigners', params: { n: limits.maxSigners } },
    ]);
  });
});
