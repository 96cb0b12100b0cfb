import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerifyResult } from '@esign/contract';
import { bufferSource, verifyPdf, type SignatureReport } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../src/jobs/enqueue-job.ts';
import { pkiJobs } from '../src/pki/pki.jobs.ts';
import { loadPortalTrust, type PortalTrust } from '../src/pki/portal-trust.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { TestClient } from './support/client.ts';
import { useClockedApp } from './support/clocked-app.ts';
import { databaseKinds } from './support/databases.ts';
import { identifyWithCode, pdfsigVerdicts, sendFlow } from './support/signing.ts';

const flows = '/api/esign/SignFlows';
const dayMs = 86_400_000;
const slow = 180_000;
const yearsAfter = (date: Date, years: number) => {
  const result = new Date(date);
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
};
const certificateOf = (pem: string | Buffer | undefined) => new X509Certificate(pem ?? '');
const endOf = (certificate: X509Certificate) => new Date(certificate.validTo);
const levels = (reports: SignatureReport[]) =>
  reports.map((report) => [report.kind, report.valid, report.chainTrusted, report.level]);

/** openssl's word on a DER CRL's signature by the CA certificate (PEM). */
function crlVerifiedBy(crl: Buffer, caPem: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'esign-rollover-crl-'));
  writeFileSync(join(dir, 'crl.der'), crl);
  writeFileSync(join(dir, 'ca.pem'), caPem);
  const run = spawnSync(
    'openssl',
    [
      'crl',
      '-inform',
      'DER',
      '-in',
      join(dir, 'crl.der'),
      '-CAfile',
      join(dir, 'ca.pem'),
      '-noout',
    ],
    { encoding: 'utf8' },
  );
  return `${run.stdout}${run.stderr}`;
}

describe.each(databaseKinds)('rolling the portal PKI over on %s', (kind) => {
  // Signed files are kept for ten years here, so their archive time stamps are renewed.
  const app = useClockedApp(kind, { AUTO_DELETE_DAYS: '3650' });
  const { clock, context, db, runJobs } = app;
  const start = clock.now();
  const trust = () => loadPortalTrust(db(), context.config, clock);

  async function finishedFlow(email: string) {
    const owner = await app.sender();
    const id = await sendFlow(owner, { signers: [{ Name: 'Kaisa Kestävä', Email: email }] });
    await runJobs();
    const token = await app.invitationToken(email);
    const browser = await identifyWithCode(context.app, db(), runJobs, token, email);
    const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await runJobs();
    const detail = (await owner.get(`${flows}/${id}`)).json<{
      Status: string;
      SignedFile: { Guid: string };
      EvidenceReport: { Guid: string };
    }>();
    expect(detail.Status).toBe('Finished');
    const signedFile = (await owner.get(`${flows}/${id}/signedfile/${detail.SignedFile.Guid}`))
      .rawPayload;
    const report = (await owner.get(`${flows}/${id}/evidencereport/${detail.EvidenceReport.Guid}`))
      .rawPayload;
    return { id, signedFile, report };
  }

  async function dailyRollover() {
    await enqueueJob(db(), { kind: pkiJobs.rollover, payload: null }, clock.now());
    await runJobs();
  }

  const anchors = async () => [(await trust()).pki.root.certificate];
  const verifyAt = async (pdf: Buffer, validationTime = clock.now()) =>
    verifyPdf(bufferSource(pdf), { trustAnchors: await anchors(), validationTime });

  /** The portal's verifier, `pades verify` and poppler all find the file's signatures valid. */
  async function stillVerifies(pdf: Buffer) {
    expect(levels(await verifyAt(pdf))).toEqual([
      ['signature', true, true, 'B-LTA'],
      ['document-timestamp', true, true, 'timestamp'],
    ]);
    const visitor = new TestClient(context.app);
    await visitor.get('/api/config/common');
    const upload = await visitor.upload('/api/verify', 'vanha.pdf', pdf);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<VerifyResult>().Verdict).toBe('Valid');
    const dir = mkdtempSync(join(tmpdir(), 'esign-rollover-'));
    writeFileSync(join(dir, 'signed.pdf'), pdf);
    writeFileSync(join(dir, 'root.pem'), (await trust()).pki.root.certificatePem);
    const cli = fileURLToPath(new URL('../../pades/bin/pades.ts', import.meta.url));
    const run = spawnSync(
      process.execPath,
      [cli, 'verify', join(dir, 'signed.pdf'), '--trust', join(dir, 'root.pem')],
      { encoding: 'utf8' },
    );
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const pdfsig = pdfsigVerdicts(pdf);
    expect(pdfsig.valid, pdfsig.output).toBe(1);
    expect(pdfsig.output).not.toMatch(/Invalid|Mismatch|corrupt/i);
  }

  let first: { id: string; signedFile: Buffer; report: Buffer };
  let second: { id: string; signedFile: Buffer; report: Buffer };
  let otherNode: PortalTrust;
  let original: PortalTrust;

  it(
    'renews nothing while the first certificates have years left',
    async () => {
      first = await finishedFlow('ennen@example.com');
      original = await trust();
      otherNode = await trust();
      await dailyRollover();
      expect((await trust()).generations).toHaveLength(1);
    },
    slow,
  );

  it(
    'four years on, with the first seal expired, renews the seal and seals evidence reports with a certificate valid then',
    async () => {
      // A week short of four years: the issuing CA still has over six years, the TSA over one.
      clock.set(new Date(yearsAfter(start, 4).getTime() - 7 * dayMs));
      expect(endOf(certificateOf(original.pki.seal.certificate)) < clock.now()).toBe(true);
      await dailyRollover();
      const now = await trust();
      expect(now.generations.map((g) => [g.generation, g.issuingGeneration, g.renewed])).toEqual([
        [1, 1, ['root', 'issuing', 'seal', 'timeStamping']],
        [2, 1, ['seal']],
      ]);
      // Run again the same day: nothing more is due.
      await dailyRollover();
      expect((await trust()).generations).toHaveLength(2);

      second = await finishedFlow('nelja@example.com');
      const [sealed] = await verifyAt(second.report);
      expect([sealed?.kind, sealed?.valid, sealed?.chainTrusted, sealed?.level]).toEqual([
        'signature',
        true,
        true,
        'B-T',
      ]);
      const seal = certificateOf(sealed?.certificatePath[0]);
      expect(seal.raw.equals(now.pki.seal.certificate)).toBe(true);
      expect(new Date(seal.validFrom) <= new Date()).toBe(true);
      expect(endOf(seal) > yearsAfter(clock.now(), 2)).toBe(true);
      expect(levels(await verifyAt(second.signedFile))).toEqual([
        ['signature', true, true, 'B-LTA'],
        ['document-timestamp', true, true, 'timestamp'],
      ]);
      // The file signed before the rollover, and its evidence report, still verify.
      await stillVerifies(first.signedFile);
      expect(levels(await verifyAt(first.report))[0]).toEqual(['signature', true, true, 'B-T']);
    },
    slow,
  );

  it(
    'four and a half years on renews the issuing CA, and the TSA and seal under it: time stamps carry a TSA certificate valid for years more',
    async () => {
      clock.set(new Date(yearsAfter(start, 4).getTime() + 182 * dayMs));
      await dailyRollover();
      const now = await trust();
      const current = now.generations.at(-1);
      expect([current?.generation, current?.issuingGeneration, current?.renewed]).toEqual([
        3,
        3,
        ['issuing', 'seal', 'timeStamping'],
      ]);
      const issuing3 = certificateOf(now.pki.issuing.certificate);
      expect(issuing3.subject).toContain('Issuing CA 3');
      expect(now.pki.root.certificate.equals(original.pki.root.certificate)).toBe(true);

      const third = await finishedFlow('jalkeen@example.com');
      const reports = await verifyAt(third.signedFile);
      expect(levels(reports)).toEqual([
        ['signature', true, true, 'B-LTA'],
        ['document-timestamp', true, true, 'timestamp'],
      ]);
      const tsa = certificateOf(reports[1]?.certificatePath[0]);
      expect(tsa.raw.equals(now.pki.timeStamping.certificate)).toBe(true);
      expect(tsa.raw.equals(original.pki.timeStamping.certificate)).toBe(false);
      expect(endOf(tsa) > yearsAfter(clock.now(), 4)).toBe(true);
      expect(tsa.checkIssued(issuing3)).toBe(true);
      // The signer's one-time certificate comes from the new issuing CA and names its CRL.
      const signer = certificateOf(reports[0]?.certificatePath[0]);
      expect(signer.checkIssued(issuing3)).toBe(true);
      const crlUrl = execFileSync('openssl', ['x509', '-noout', '-ext', 'crlDistributionPoints'], {
        input: signer.toString(),
        encoding: 'utf8',
      });
      expect(crlUrl).toContain('/api/pki/issuing-3.crl');
      const [reportSeal] = await verifyAt(third.report);
      expect(certificateOf(reportSeal?.certificatePath[0]).checkIssued(issuing3)).toBe(true);
      expect(reportSeal?.valid).toBe(true);
      await stillVerifies(third.signedFile);

      // Every issuing CA's CRL is served, signed by that CA; generation 2 made no CA.
      const client = new TestClient(context.app);
      const crl1 = await client.get('/api/pki/issuing.crl');
      expect(crl1.statusCode).toBe(200);
      expect(crlVerifiedBy(crl1.rawPayload, original.pki.issuing.certificatePem)).toMatch(
        /verify OK/,
      );
      const crl3 = await client.get('/api/pki/issuing-3.crl');
      expect(crl3.statusCode).toBe(200);
      expect(crl3.headers['content-type']).toBe('application/pkix-crl');
      expect(crlVerifiedBy(crl3.rawPayload, now.pki.issuing.certificatePem)).toMatch(/verify OK/);
      expect((await client.get('/api/pki/issuing-2.crl')).statusCode).toBe(404);
      expect((await client.get('/api/pki/issuing-9.crl')).statusCode).toBe(404);
      expect((await client.get('/api/pki/issuing.pem')).body).toBe(now.pki.issuing.certificatePem);
      expect((await client.get('/api/pki/tsa.pem')).body).toBe(now.pki.timeStamping.certificatePem);

      // Files signed before either rollover still verify.
      await stillVerifies(first.signedFile);
      await stillVerifies(second.signedFile);

      // A node that loaded the PKI before the rollovers reads them.
      expect(otherNode.pki.seal.certificate.equals(original.pki.seal.certificate)).toBe(true);
      await otherNode.reload();
      expect(otherNode.generations).toHaveLength(3);
      expect(otherNode.pki.seal.certificate.equals(now.pki.seal.certificate)).toBe(true);
      expect(otherNode.seal.certificate.equals(now.pki.seal.certificate)).toBe(true);
    },
    slow,
  );

  it(
    "renews the first file's archive time stamp with the renewed TSA before the first TSA certificate expires",
    async () => {
      const firstTsa = certificateOf(original.pki.timeStamping.certificate);
      clock.set(new Date(endOf(firstTsa).getTime() - 60 * dayMs));
      await dailyRollover();
      expect((await trust()).generations).toHaveLength(3);
      await enqueueJob(db(), { kind: signingJobs.archiveScan, payload: null }, clock.now());
      await runJobs();
      const job = await db()
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', signingJobs.archiveRenew)
        .where('failed_at', 'is not', null)
        .execute();
      expect(job).toEqual([]);
      const owner = await app.sender();
      const detail = (await owner.get(`${flows}/${first.id}`)).json<{
        SignedFile: { Guid: string };
      }>();
      const renewed = (await owner.get(`${flows}/${first.id}/signedfile/${detail.SignedFile.Guid}`))
        .rawPayload;
      expect(renewed.subarray(0, first.signedFile.length).equals(first.signedFile)).toBe(true);
      // Judged after the first TSA certificate has expired: still B-LTA by the renewed stamp.
      const reports = await verifyAt(renewed, new Date(endOf(firstTsa).getTime() + dayMs));
      expect(levels(reports)).toEqual([
        ['signature', true, true, 'B-LTA'],
        ['document-timestamp', true, true, 'timestamp'],
        ['document-timestamp', true, true, 'timestamp'],
      ]);
      expect(
        certificateOf(reports[2]?.certificatePath[0]).raw.equals(
          (await trust()).pki.timeStamping.certificate,
        ),
      ).toBe(true);
    },
    slow,
  );
});
