import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bufferSource, verifyPdf } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import {
  identifyWithCode,
  mailsTo,
  pdfsigVerdicts,
  sendFlow,
  signingTokenIn,
} from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';
import { trustAnchorsOf } from './support/trust.ts';

const flows = '/api/esign/SignFlows';
// A flow, a strong login, a signature, a sealed report and completion: slow on a busy machine.
const slow = 120_000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pathOf = (location: string) => {
  const url = new URL(location, 'http://app.invalid');
  return `${url.pathname}${url.search}`;
};

/** Runs a command-line tool on the PDF in a folder of its own; answers the folder and the output. */
function withTool(pdf: Buffer, command: string, args: (file: string, dir: string) => string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'esign-evidence-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  const output = execFileSync(command, args(join(dir, 'in.pdf'), dir), { encoding: 'utf8' });
  return { dir, output };
}

/**
 * The bytes a one-signer flow's signature covers: the file up to the end of the first
 * /ByteRange (those after it are the embedded report's own and the document time stamp's).
 */
function lastSignedRevision(pdf: Buffer): Buffer {
  const range = /\/ByteRange\s*\[\s*(\d+) (\d+) (\d+) (\d+)/.exec(pdf.toString('latin1'));
  return pdf.subarray(0, Number(range?.[3]) + Number(range?.[4]));
}

describe.each(databaseKinds)('the evidence report of a finished flow, on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(kind, { JOB_WORKER: 'false' }, { clock });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();

  async function finishedFlow(options: { language: string; level: 'Low' | 'Advanced' }) {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const name = `Todisteet ${options.language} ${kind}`;
    const email = options.level === 'Advanced' ? 'user2@example.com' : 'anna@example.com';
    const id = await sendFlow(owner, {
      name,
      level: options.level,
      language: options.language,
      signers: [{ Name: 'Ville Virtanen', Email: email }],
    });
    await runJobs();
    const invitation = (await mailsTo(db(), email)).find((mail) => mail.subject.includes(name));
    const token = signingTokenIn(invitation?.text_body ?? '');
    let signer: TestClient;
    if (options.level === 'Advanced') {
      signer = new TestClient(context.app, { remoteAddress: '203.0.113.7' });
      await signer.get(`/api/sign/${token}`);
      // The built-in provider's strong login as the demo account with a test identity code.
      await signer.follow(await signer.get(`/api/sign/${token}/identify`));
      const submitted = await signer.post(`${signer.lastLocation}/login`, {
        email,
        password: 'user2-demo',
      });
      let answer = await signer.get(pathOf(submitted.json<{ location: string }>().location));
      while (
        answer.statusCode === 303 &&
        !pathOf(String(answer.headers.location)).startsWith('/sign/')
      )
        answer = await signer.get(pathOf(String(answer.headers.location)));
    } else {
      signer = await identifyWithCode(context.app, db(), runJobs, token, email);
    }
    const signed = await signer.request({
      method: 'POST',
      url: `/api/sign/${token}/sign`,
      payload: { HaveRead: true },
      headers: { 'user-agent': 'Todistaja/1.0 (evidence test)' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await runJobs();
    const detail = (await owner.get(`${flows}/${id}`)).json<{
      Status: string;
      SignFileInfo: { Guid: string };
      SignedFile: { Guid: string };
      EvidenceReport: { Guid: string; FileName: string } | null;
    }>();
    expect(detail.Status).toBe('Finished');
    const upload = (await owner.get(`${flows}/${id}/signfile/${detail.SignFileInfo.Guid}`))
      .rawPayload;
    const signedFile = (await owner.get(`${flows}/${id}/signedfile/${detail.SignedFile.Guid}`))
      .rawPayload;
    return { id, owner, detail, upload, signedFile };
  }

  it(
    'embeds the report in the signed file (pdfdetach), with the hashes, the masked identity code and the chain head',
    async () => {
      const { id, owner, detail, upload, signedFile } = await finishedFlow({
        language: 'en',
        level: 'Advanced',
      });
      const listed = withTool(signedFile, 'pdfdetach', (file) => ['-list', file]).output;
      expect(listed).toContain('1: evidence-report.pdf');
      const saved = withTool(signedFile, 'pdfdetach', (file, dir) => [
        '-save',
        '1',
        '-o',
        join(dir, 'report.pdf'),
        file,
      ]);
      const embedded = readFileSync(join(saved.dir, 'report.pdf'));

      // The same report on its own, from the flow page's link.
      expect(detail.EvidenceReport?.FileName).toBe('evidence-report.pdf');
      const alone = await owner.get(`${flows}/${id}/evidencereport/${detail.EvidenceReport?.Guid}`);
      expect(alone.statusCode).toBe(200);
      expect(alone.headers['content-type']).toBe('application/pdf');
      expect(alone.rawPayload).toEqual(embedded);

      const text = withTool(embedded, 'pdftotext', (file) => [file, '-']).output.replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Evidence report of the signing request');
      expect(text).toContain(`Todisteet en ${kind}`);
      expect(text).toContain(`SHA-256 as uploaded: ${sha256(upload)}`);
      expect(text).toContain(
        `SHA-256 as the last signer's signature covers it: ${sha256(lastSignedRevision(signedFile))}`,
      );
      expect(text).toContain('Ville Virtanen');
      expect(text).toContain('user2@example.com');
      expect(text).toContain('Level: Advanced electronic signature');
      expect(text).toMatch(/Identified: by strong electronic identification \(http:\/\/[^)]+\)/);
      expect(text).toContain('Personal identity code (date of birth part): 240587Y****');
      expect(text).not.toContain('240587Y9033');
      expect(text).not.toContain('9033');
      expect(text).toContain('IP address: 203.0.113.7');
      expect(text).toContain('Browser: Todistaja/1.0 (evidence test)');
      const events = await db()
        .selectFrom('audit_events')
        .select(['operation', 'hash'])
        .where('flow_id', '=', id)
        .orderBy('seq')
        .execute();
      const finished = events.findIndex((event) => event.operation === 'Finished');
      expect(text).toContain(`Last hash of the hash chain: ${events[finished - 1]?.hash}`);
      for (const operation of ['Sent', 'Mailed', 'Authenticated', 'Sign'])
        expect(text).toContain(operation);

      // The report is PDF/A-2b and sealed at B-T: our verifier finds its seal valid.
      expect(embedded.toString('latin1')).toContain('<pdfaid:part>2</pdfaid:part>');
      const anchors = await trustAnchorsOf(context);
      const reportChecks = await verifyPdf(bufferSource(embedded), { trustAnchors: anchors });
      expect(reportChecks.map((report) => [report.kind, report.valid, report.level])).toEqual([
        ['signature', true, 'B-T'],
      ]);

      // The signed file still verifies at B-LTA; the embedded file is allowed after the signature.
      const reports = await verifyPdf(bufferSource(signedFile), { trustAnchors: anchors });
      expect(reports.map((report) => [report.kind, report.valid, report.level])).toEqual([
        ['signature', true, 'B-LTA'],
        ['document-timestamp', true, 'timestamp'],
      ]);
      expect(reports[0]?.changesAfter).toMatchObject({ embeddedFiles: true, other: [] });
      expect(pdfsigVerdicts(signedFile).valid).toBeGreaterThanOrEqual(1);
      withTool(signedFile, 'qpdf', (file) => ['--check', file]);

      // The download is on the flow's audit trail.
      const downloads = await db()
        .selectFrom('audit_events')
        .select('details')
        .where('flow_id', '=', id)
        .where('operation', '=', 'Downloaded')
        .execute();
      expect(downloads.map((row) => JSON.parse(row.details).kind)).toContain('evidencereport');
    },
    slow,
  );

  it(
    'writes the report in the flow’s language, with the e-mail code as the identification',
    async () => {
      const { signedFile } = await finishedFlow({ language: 'sv', level: 'Low' });
      expect(withTool(signedFile, 'pdfdetach', (file) => ['-list', file]).output).toContain(
        '1: bevisrapport.pdf',
      );
      const saved = withTool(signedFile, 'pdfdetach', (file, dir) => [
        '-save',
        '1',
        '-o',
        join(dir, 'report.pdf'),
        file,
      ]);
      const text = withTool(readFileSync(join(saved.dir, 'report.pdf')), 'pdftotext', (file) => [
        file,
        '-',
      ]).output.replace(/\s+/g, ' ');
      expect(text).toContain('Bevisrapport för signeringsbegäran');
      expect(text).toContain('Identifierad: med en kod per e-post');
      expect(text).toContain('Nivå: Enkel elektronisk underskrift');
    },
    slow,
  );

  it(
    'answers 404 for another user’s flow and 401 without a session',
    async () => {
      const { id, detail } = await finishedFlow({ language: 'fi', level: 'Low' });
      const path = `${flows}/${id}/evidencereport/${detail.EvidenceReport?.Guid}`;
      expect((await new TestClient(context.app).get(path)).statusCode).toBe(401);
      const other = new TestClient(context.app);
      await other.login('user2@example.com', 'user2-demo');
      expect((await other.get(path)).statusCode).toBe(404);
    },
    slow,
  );
});
