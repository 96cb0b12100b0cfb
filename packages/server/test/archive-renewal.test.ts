import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bufferSource, PdfDocument, verifyPdf, type SignatureReport } from '@esign/pades';
import { afterAll, describe, expect, it } from 'vitest';
import { readDss } from '../../pades/src/verify/validation-data.ts';
import { startExternalTsa, type ExternalTsa } from '../../pades/test/support/external-tsa.ts';
import { qpdfCheck } from '../../pades/test/support/fixtures.ts';
import {
  pageRefs,
  qpdfObjectWithoutAnnots,
  withDocument,
} from '../../pades/test/support/object-bytes.ts';
import type { DatabaseKind } from '../src/db/database.ts';
import { scratchOf } from '../src/files/scratch.ts';
import { enqueueJob } from '../src/jobs/enqueue-job.ts';
import { loadPortalTrust } from '../src/pki/portal-trust.ts';
import { listFilesDueForRenewal } from '../src/signing/archive-renewal.repository.ts';
import { renewArchiveTimestamp } from '../src/signing/archive-renewal.service.ts';
import { signingJobs, type SigningDeps } from '../src/signing/signing-deps.ts';
import { createFileStorage } from '../src/storage/create-storage.ts';
import { useClockedApp } from './support/clocked-app.ts';
import type { TestClient } from './support/client.ts';
import { identifyWithCode, pdfsigVerdicts, sendFlow } from './support/signing.ts';
import { trustAnchorsOf } from './support/trust.ts';

const flows = '/api/esign/SignFlows';
const dayMs = 86_400_000;
const renewedOperation = 'Archive Time Stamp Renewed';

// One external TSA (TSA_URL) for each database's app: its first certificate lives ten days.
const tsas: Record<DatabaseKind, ExternalTsa> = {
  sqlite: await startExternalTsa({ tsaValidDays: 10 }),
  postgres: await startExternalTsa({ tsaValidDays: 10 }),
};
afterAll(async () => {
  await Promise.all(Object.values(tsas).map((tsa) => tsa.close()));
});

describe.each<DatabaseKind>(['sqlite', 'postgres'])(
  'renewing the archive time stamp of kept signed files on %s',
  (kind) => {
    const tsa = tsas[kind];
    // Renewal is due three days before the TSA certificate expires.
    const app = useClockedApp(kind, { ARCHIVE_RENEW_BEFORE_DAYS: '3', TSA_URL: tsa.url });
    const { clock, context, db, runJobs } = app;

    async function finishedFlow(email: string) {
      const owner = await app.sender();
      const id = await sendFlow(owner, { signers: [{ Name: 'Anna Arkisto', Email: email }] });
      await runJobs();
      const token = await app.invitationToken(email);
      const browser = await identifyWithCode(context.app, db(), runJobs, token, email);
      const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
      expect(signed.statusCode, signed.body).toBe(200);
      await runJobs();
      return { id, owner };
    }

    async function signedFileOf(owner: TestClient, id: string) {
      const flow = (await owner.get(`${flows}/${id}`)).json<{
        Status: string;
        SignedFile: { Guid: string } | null;
      }>();
      expect(flow.Status).toBe('Finished');
      return (await owner.get(`${flows}/${id}/signedfile/${flow.SignedFile?.Guid}`)).rawPayload;
    }

    const signedRecord = (flowId: string) =>
      db()
        .selectFrom('sign_flow_files')
        .selectAll()
        .where('flow_id', '=', flowId)
        .where('kind', '=', 'signedfile')
        .executeTakeFirstOrThrow();

    const renewals = async (flowId: string) =>
      db()
        .selectFrom('audit_events')
        .selectAll()
        .where('flow_id', '=', flowId)
        .where('operation', '=', renewedOperation)
        .execute();

    const flowFolder = (flowId: string) => join(context.config.dataDir, 'files', 'flows', flowId);
    /** The object names the flow's file records point at, sorted. */
    async function recordedNames(flowId: string) {
      const rows = await db()
        .selectFrom('sign_flow_files')
        .select('storage_key')
        .where('flow_id', '=', flowId)
        .execute();
      return rows.map((row) => row.storage_key.split('/').at(-1) ?? '').sort();
    }

    async function scan() {
      await enqueueJob(db(), { kind: signingJobs.archiveScan, payload: null }, clock.now());
      await runJobs();
    }

    const verifyAt = async (pdf: Buffer, validationTime: Date) =>
      verifyPdf(bufferSource(pdf), {
        trustAnchors: [...(await trustAnchorsOf(context)), tsa.root],
        validationTime,
      });
    const levels = (reports: SignatureReport[]) =>
      reports.map((report) => [report.kind, report.valid, report.chainTrusted, report.level]);

    const start = clock.now();
    let firstTsa: X509Certificate;
    let flow: { id: string; owner: TestClient };
    let original: Buffer;
    let kept: { id: string };

    it('records, when a flow finishes, that its archive time stamp is due three days before its TSA certificate expires', async () => {
      firstTsa = new X509Certificate(tsa.certificate);
      flow = await finishedFlow('arkisto@example.com');
      kept = await finishedFlow('poistuva@example.com');
      original = await signedFileOf(flow.owner, flow.id);
      const record = await signedRecord(flow.id);
      expect(new Date(record.archive_renew_at ?? 0).toISOString()).toBe(
        new Date(Date.parse(firstTsa.validTo) - 3 * dayMs).toISOString(),
      );
    });

    it('renews nothing before the renewal is due', async () => {
      clock.set(new Date(start.getTime() + dayMs));
      await scan();
      expect(await renewals(flow.id)).toEqual([]);
      expect((await signedFileOf(flow.owner, flow.id)).equals(original)).toBe(true);
    });

    it('reads once when a file signed before renewals were recorded is due, and renews nothing early', async () => {
      await db()
        .updateTable('sign_flow_files')
        .set({ archive_renew_at: null })
        .where('flow_id', '=', flow.id)
        .execute();
      await scan();
      const record = await signedRecord(flow.id);
      expect(new Date(record.archive_renew_at ?? 0).toISOString()).toBe(
        new Date(Date.parse(firstTsa.validTo) - 3 * dayMs).toISOString(),
      );
      expect(await renewals(flow.id)).toEqual([]);
      expect(await listFilesDueForRenewal(db(), clock.now(), '', 100)).toEqual([]);
    });

    it('fails visibly and tries again when the TSA still stamps with the certificate about to expire', async () => {
      // The second flow is deleted two days before the first TSA certificate expires.
      await db()
        .updateTable('sign_flows')
        .set({ auto_delete_at: new Date(Date.parse(firstTsa.validTo) - 2 * dayMs).toISOString() })
        .where('id', '=', kept.id)
        .execute();
      clock.set(new Date(Date.parse(firstTsa.validTo) - 3 * dayMs + 60_000));
      await scan();
      const job = await db()
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', signingJobs.archiveRenew)
        .executeTakeFirstOrThrow();
      expect(job.last_error).toMatch(/its certificate must be renewed first/);
      expect(new Date(job.run_at).getTime()).toBeGreaterThan(clock.now().getTime());
      expect(job.failed_at).toBeNull();
      expect(await renewals(flow.id)).toEqual([]);
      const metrics = await context.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/esign_archive_renewals_total\{outcome="failed"\} [1-9]/);
    });

    it('renews the file once the TSA rolled its certificate over: validation data, then a new document time stamp', async () => {
      await tsa.rollOver();
      clock.advance(2 * 3_600_000);
      await runJobs();
      const events = await renewals(flow.id);
      expect(events).toHaveLength(1);
      const renewed = await signedFileOf(flow.owner, flow.id);
      const record = await signedRecord(flow.id);
      expect(JSON.parse(events[0]?.details ?? '{}')).toMatchObject({
        kind: 'signedfile',
        sha256: record.sha256,
        previousCertificateExpiry: new Date(firstTsa.validTo).toISOString(),
      });
      // An incremental update: every byte of the file as it was, then the renewal.
      expect(renewed.subarray(0, original.length).equals(original)).toBe(true);
      expect(renewed.length).toBeGreaterThan(original.length);
      // Fresh revocation data for the first TSA certificate, and its chain, in the DSS.
      const dss = await readDss(await PdfDocument.open(bufferSource(renewed)));
      const fingerprints = dss.certificates.map((der) => new X509Certificate(der).fingerprint256);
      for (const der of [firstTsa.raw, tsa.ca, tsa.root])
        expect(fingerprints).toContain(new X509Certificate(der).fingerprint256);
      // Due again three days before the new TSA certificate expires, two years on.
      const next = new X509Certificate(tsa.certificate);
      expect(new Date(record.archive_renew_at ?? 0).toISOString()).toBe(
        new Date(Date.parse(next.validTo) - 3 * dayMs).toISOString(),
      );
      // The old object is gone; the flow's folder holds what its records name.
      expect(readdirSync(flowFolder(flow.id)).sort()).toEqual(await recordedNames(flow.id));
    });

    it('leaves a file alone whose flow is deleted before its time stamp expires', async () => {
      expect(await renewals(kept.id)).toEqual([]);
      const record = await signedRecord(kept.id);
      const flowRow = await db()
        .selectFrom('sign_flows')
        .select('auto_delete_at')
        .where('id', '=', kept.id)
        .executeTakeFirstOrThrow();
      expect(new Date(record.archive_renew_at ?? 0).toISOString()).toBe(
        new Date(flowRow.auto_delete_at ?? 0).toISOString(),
      );
      expect(await listFilesDueForRenewal(db(), clock.now(), '', 100)).toEqual([]);
    });

    it('is still B-LTA after the first TSA certificate expired, with two document time stamps', async () => {
      clock.set(new Date(Date.parse(firstTsa.validTo) + dayMs));
      await scan();
      expect(await renewals(flow.id)).toHaveLength(1);
      const renewed = await signedFileOf(flow.owner, flow.id);
      const at = clock.now();
      const reports = await verifyAt(renewed, at);
      expect(levels(reports)).toEqual([
        ['signature', true, true, 'B-LTA'],
        ['document-timestamp', true, true, 'timestamp'],
        ['document-timestamp', true, true, 'timestamp'],
      ]);
      expect(reports.flatMap((report) => report.problems)).toEqual([]);
      expect(reports[0]?.signatureTimestamp).toMatchObject({ valid: true, chainTrusted: true });
      // Only the DSS and the new time stamp came after the first document time stamp.
      expect(reports[1]?.changesAfter).toEqual({
        signatures: 0,
        documentTimestamps: 1,
        validationData: true,
        embeddedFiles: false,
        undefinedChanges: [],
        other: [],
      });
      // Without the renewal the same file would have lost its time stamps by now.
      expect(levels(await verifyAt(original, at))).toEqual([
        ['signature', true, true, 'B-B'],
        ['document-timestamp', true, false, 'timestamp'],
      ]);

      // poppler and qpdf: every signature intact, the file sound, the pages untouched.
      // pdfsig checks the signature (it leaves document time stamps unverified) and sees
      // three signatures, the last one over the whole file.
      const pdfsig = pdfsigVerdicts(renewed);
      expect(pdfsig, pdfsig.output).toMatchObject({ valid: 1, total: 3 });
      expect(pdfsig.output).not.toMatch(/Invalid|Mismatch|corrupt/i);
      expect(pdfsig.output.split(/^Signature #3:/m)[1]).toContain('Total document signed');
      const dir = mkdtempSync(join(tmpdir(), 'esign-renewal-'));
      writeFileSync(join(dir, 'before.pdf'), original);
      writeFileSync(join(dir, 'after.pdf'), renewed);
      expect(qpdfCheck(join(dir, 'after.pdf'))).toBeNull();
      const pages = await withDocument(join(dir, 'before.pdf'), pageRefs);
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages)
        expect(qpdfObjectWithoutAnnots(join(dir, 'after.pdf'), page.num)).toBe(
          qpdfObjectWithoutAnnots(join(dir, 'before.pdf'), page.num),
        );
    });

    it('renews a file once when two nodes run its renewal at the same time', async () => {
      await tsa.rollOver(10);
      const raced = await finishedFlow('kilpa@example.com');
      const record = await signedRecord(raced.id);
      clock.set(new Date(new Date(record.archive_renew_at ?? 0).getTime() + 60_000));
      // The TSA's current certificate is due too by then: roll it over to one that is not.
      await tsa.rollOver(3 * 365);
      const node = async (tag: string): Promise<SigningDeps> => ({
        db: db(),
        config: context.config,
        clock,
        storage: createFileStorage(context.config),
        scratch: scratchOf(context.config.dataDir, tag),
        trust: await loadPortalTrust(db(), context.config, clock),
      });
      const [first, second] = await Promise.all([node('nodea'), node('nodeb')]);
      await Promise.all([
        renewArchiveTimestamp(first, record.id),
        renewArchiveTimestamp(second, record.id),
      ]);
      expect(await renewals(raced.id)).toHaveLength(1);
      const after = await signedRecord(raced.id);
      expect(after.storage_key).not.toBe(record.storage_key);
      // The losing node's object and the replaced one are gone: the folder holds what the records name.
      expect(readdirSync(flowFolder(raced.id)).sort()).toEqual(await recordedNames(raced.id));
      expect(readdirSync(flowFolder(raced.id))).not.toContain(record.storage_key.split('/').at(-1));
      const pdf = await signedFileOf(raced.owner, raced.id);
      expect(levels(await verifyAt(pdf, clock.now())).at(-1)).toEqual([
        'document-timestamp',
        true,
        true,
        'timestamp',
      ]);
    });
  },
);
