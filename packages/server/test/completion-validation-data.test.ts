import { X509Certificate } from 'node:crypto';
import { bufferSource, PdfDocument, verifyPdf, type SignatureReport } from '@esign/pades';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '../src/time/clock.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { readDss } from '../../pades/src/verify/validation-data.ts';
import { startExternalTsa, type ExternalTsa } from '../../pades/test/support/external-tsa.ts';
import { serialOf } from '../../pades/test/support/ocsp-responder.ts';
import { TestClient } from './support/client.ts';
import { identifyWithCode, mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';
import { trustAnchorsOf } from './support/trust.ts';

const flows = '/api/esign/SignFlows';

describe('completion with an external TSA (TSA_URL) on sqlite', () => {
  let tsa: ExternalTsa;
  const env: Record<string, string> = { JOB_WORKER: 'false', ...sessionsOutlastMovedClock };
  beforeAll(async () => {
    tsa = await startExternalTsa();
    env.TSA_URL = tsa.url;
  });
  afterAll(async () => {
    await tsa?.close();
  });
  const clock = new MovableClock();
  const context = useTestApp('sqlite', env, { clock });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();

  /** Sends a one-signer flow and signs it; answers the flow's id and the sender. */
  async function signedFlow(email: string) {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const id = await sendFlow(owner, { signers: [{ Name: 'Anna Allekirjoittaja', Email: email }] });
    await runJobs();
    const mail = (await mailsTo(db(), email)).find((item) => /\/sign\//.test(item.text_body));
    const token = signingTokenIn(mail?.text_body ?? '');
    const browser = await identifyWithCode(context.app, db(), runJobs, token, email);
    const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
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

  const verify = async (pdf: Buffer) =>
    verifyPdf(bufferSource(pdf), { trustAnchors: [...(await trustAnchorsOf(context)), tsa.root] });
  const levels = (reports: SignatureReport[]) => reports.map((r) => [r.kind, r.valid, r.level]);

  it("puts the external TSA's chain and OCSP response in the DSS: B-LTA as EU DSS reads it", async () => {
    const before = tsa.ocsp.asked.length;
    const { id, owner } = await signedFlow('ext.tsa@example.com');
    await runJobs();
    const pdf = await signedFileOf(owner, id);
    const reports = await verify(pdf);
    expect(levels(reports)).toEqual([
      ['signature', true, 'B-LTA'],
      ['document-timestamp', true, 'timestamp'],
    ]);
    expect(reports[0]?.signatureTimestamp).toMatchObject({ valid: true, chainTrusted: true });
    expect(tsa.ocsp.asked.slice(before)).toContain(serialOf(tsa.certificate));

    const dss = await readDss(await PdfDocument.open(bufferSource(pdf)));
    const fingerprints = dss.certificates.map((der) => new X509Certificate(der).fingerprint256);
    for (const der of [tsa.certificate, tsa.ca, tsa.root])
      expect(fingerprints).toContain(new X509Certificate(der).fingerprint256);
    expect(dss.ocsps).toHaveLength(1);
    // The portal's CRLs (its issuing CA's, for the signer, and its root's) were issued in a
    // later second than the signature time stamp; the external root's need only be current.
    const signedAt = Date.parse(reports[0]?.timestampTime ?? '');
    const externalRoot = pkijs.Certificate.fromBER(new Uint8Array(tsa.root).slice().buffer);
    const portalCrls = dss.crls
      .map((der) => pkijs.CertificateRevocationList.fromBER(new Uint8Array(der).slice().buffer))
      .filter((crl) => !crl.issuer.isEqual(externalRoot.subject));
    expect(portalCrls).toHaveLength(2);
    for (const crl of portalCrls)
      expect(crl.thisUpdate.value.getTime()).toBeGreaterThan(Math.floor(signedAt / 1000) * 1000);
  });

  it("waits for the CA's next CRL when its current one is older than the signature", async () => {
    tsa.ocsp.failWith = 3; // tryLater: only the CRL is left
    try {
      const { id, owner } = await signedFlow('ext.crl@example.com');
      await runJobs();
      const job = await db()
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', signingJobs.complete)
        .executeTakeFirstOrThrow();
      expect(job.last_error).toMatch(
        /the CRL for .*CN=Extern TSA was issued at .*, before its use at .*; the CA's next one is due/,
      );
      // Tried again when the CA said it would publish: its CRL's nextUpdate, six hours on.
      const crl = pkijs.CertificateRevocationList.fromBER(
        new Uint8Array(tsa.files.crls.get('/ca.crl') ?? []).slice().buffer,
      );
      expect(new Date(job.run_at).getTime()).toBe(crl.nextUpdate?.value.getTime());
      expect((await owner.get(`${flows}/${id}`)).json()).toMatchObject({ Status: 'Sent' });

      await tsa.publishCrls();
      clock.set(new Date(job.run_at));
      await runJobs();
      const reports = await verify(await signedFileOf(owner, id));
      expect(levels(reports)).toEqual([
        ['signature', true, 'B-LTA'],
        ['document-timestamp', true, 'timestamp'],
      ]);
    } finally {
      tsa.ocsp.failWith = null;
    }
  });
});
