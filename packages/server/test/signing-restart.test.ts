import { bufferSource, verifyPdf } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { MovableClock } from '../src/time/clock.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { identifyWithCode, mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';

describe.each(databaseKinds)('a flow whose last signature outlives its node on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    { JOB_WORKER: 'false', PERSONAL_SIGNED_FILE_ENABLED: 'true', ...sessionsOutlastMovedClock },
    { clock },
  );
  const db = () => context.database.handle.db;

  it('finishes on another node after the first died holding the completion job', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const email = `last.${kind}@example.com`;
    const id = await sendFlow(owner, {
      signers: [{ Name: 'Viimeinen Allekirjoittaja', Email: email }],
    });
    await context.app.jobWorker.runDue();
    const invitation = (await mailsTo(db(), email))[0];
    const token = signingTokenIn(invitation?.text_body ?? '');
    const signer = await identifyWithCode(
      context.app,
      db(),
      () => context.app.jobWorker.runDue(),
      token,
      email,
    );
    expect((await signer.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(200);

    // The first node took the completion job and died in the middle of it: the lock stays.
    const claimed = await db()
      .updateTable('jobs')
      .set({
        locked_by: 'node-that-died',
        locked_until: new Date(clock.now().getTime() + 5 * 60_000).toISOString(),
        attempts: 1,
      })
      .where('kind', '=', signingJobs.complete)
      .executeTakeFirst();
    expect(Number(claimed.numUpdatedRows)).toBe(1);
    expect((await owner.get(`${flows}/${id}`)).json().Status).toBe('Sent');

    // Another node starts over the same database; once the dead node's lock expires it finishes.
    const survivor = await buildApp({
      config: context.config,
      database: context.database.handle,
      clock,
    });
    try {
      await survivor.ready();
      expect(await survivor.jobWorker.runDue()).toBe(0);
      clock.advance(5 * 60_000 + 1_000);
      await survivor.jobWorker.runDue();
    } finally {
      await survivor.close();
    }
    const detail = (await owner.get(`${flows}/${id}`)).json();
    expect(detail).toMatchObject({ Status: 'Finished', FailureReason: null });
    const signed = await owner.get(`${flows}/${id}/signedfile/${detail.SignedFile.Guid}`);
    const reports = await verifyPdf(bufferSource(signed.rawPayload));
    expect(reports.map((r) => [r.kind, r.valid])).toEqual([
      ['signature', true],
      ['document-timestamp', true],
    ]);
    // The personal signed file: the identifiers page, sealed by the organisation, carrying
    // the signed file as an attachment.
    const personal = await owner.get(
      `${flows}/${id}/personalsignedfile/${detail.PersonalSignedFile.Guid}`,
    );
    expect(personal.statusCode).toBe(200);
    const personalReports = await verifyPdf(bufferSource(personal.rawPayload));
    expect(personalReports.map((r) => [r.kind, r.valid])).toEqual([
      ['signature', true],
      ['document-timestamp', true],
    ]);
    expect(personalReports.at(-1)?.coversWholeDocument).toBe(true);
  });

  it("runs a stuck completion at once when the sender checks: a retry's wait, or the claim of a node whose heartbeat stopped", async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const signedFlow = async (email: string) => {
      const id = await sendFlow(owner, {
        signers: [{ Name: 'Odottava Allekirjoittaja', Email: email }],
      });
      await context.app.jobWorker.runDue();
      const token = signingTokenIn((await mailsTo(db(), email))[0]?.text_body ?? '');
      const signer = await identifyWithCode(
        context.app,
        db(),
        () => context.app.jobWorker.runDue(),
        token,
        email,
      );
      expect((await signer.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
        200,
      );
      return id;
    };
    const completion = (id: string) =>
      db()
        .updateTable('jobs')
        .where('kind', '=', signingJobs.complete)
        .where('payload', 'like', `%${id}%`);
    const inMinutes = (minutes: number) =>
      new Date(clock.now().getTime() + minutes * 60_000).toISOString();

    // A completion that failed twice waits eight minutes for its next try.
    const waiting = await signedFlow(`odottaa.${kind}@example.com`);
    await completion(waiting)
      .set({ attempts: 2, run_at: inMinutes(8) })
      .execute();
    // A completion claimed by a node that stopped beating two minutes ago, its lock for four more.
    const orphaned = await signedFlow(`orpo.${kind}@example.com`);
    await db()
      .insertInto('nodes')
      .values({
        id: 'dead-host:4242:00000000deadbeef',
        host: 'dead-host',
        pid: 4242,
        tag: '00000000deadbeef',
        started_at: inMinutes(-60),
        last_seen_at: inMinutes(-2),
        ended_at: null,
      })
      .execute();
    await completion(orphaned)
      .set({
        attempts: 1,
        locked_by: 'dead-host:4242:00000000deadbeef',
        locked_until: inMinutes(4),
      })
      .execute();
    expect(await context.app.jobWorker.runDue()).toBe(0);

    for (const id of [waiting, orphaned]) {
      const checked = await owner.get(`${flows}/${id}/check`);
      expect(checked.statusCode, checked.body).toBe(200);
    }
    await context.app.jobWorker.runDue();
    for (const id of [waiting, orphaned])
      expect((await owner.get(`${flows}/${id}`)).json()).toMatchObject({ Status: 'Finished' });
  });

  it('shows Error with the reason after the last retry, and finishes when the sender checks', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const email = `retry.${kind}@example.com`;
    const id = await sendFlow(owner, { signers: [{ Name: 'Uudelleen Yrittäjä', Email: email }] });
    await context.app.jobWorker.runDue();
    const token = signingTokenIn((await mailsTo(db(), email))[0]?.text_body ?? '');
    const signer = await identifyWithCode(
      context.app,
      db(),
      () => context.app.jobWorker.runDue(),
      token,
      email,
    );
    await signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    // The working document vanishes from storage: every completion attempt fails.
    const flow = await db()
      .selectFrom('sign_flows')
      .innerJoin('sign_flow_files', 'sign_flow_files.id', 'sign_flows.working_file_id')
      .select(['sign_flow_files.storage_key as key'])
      .where('sign_flows.id', '=', id)
      .executeTakeFirstOrThrow();
    const { createFileStorage } = await import('../src/storage/create-storage.ts');
    const storage = createFileStorage(context.config);
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const kept = join(await mkdtemp(join(tmpdir(), 'esign-kept-')), 'working.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(flow.key)) chunks.push(chunk as Buffer);
    await writeFile(kept, Buffer.concat(chunks));
    await storage.delete(flow.key);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await context.app.jobWorker.runDue();
      clock.advance(2 * 3_600_000);
    }
    const failed = (await owner.get(`${flows}/${id}`)).json();
    expect(failed).toMatchObject({ Status: 'Error', SignFlowDetailsStatus: 'Failed' });
    expect(failed.FailureReason).toBeTruthy();
    expect((await mailsTo(db(), 'user@example.com')).length).toBeGreaterThan(0);

    // The file is back (an operator restored the store); the sender's check retries completion.
    await storage.putFile(flow.key, kept, 'application/pdf');
    const checked = await owner.get(`${flows}/${id}/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    await context.app.jobWorker.runDue();
    expect((await owner.get(`${flows}/${id}`)).json()).toMatchObject({
      Status: 'Finished',
      FailureReason: null,
    });
  });
});
