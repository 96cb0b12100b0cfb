import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { bufferSource, verifyPdf } from '@esign/pades';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { enqueueMail } from '../src/mail/mail-job.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import {
  createPostgresSchema,
  startS3Server,
  type PostgresSchema,
  type TestS3Server,
} from './support/backends.ts';
import { testDatabaseUrl } from './support/databases.ts';
import { HttpClient } from './support/http-client.ts';
import { freePort, startNode, type NodeProcess } from './support/node-process.ts';
import { makePdf, pngImage } from './support/pdf.ts';
import {
  createDraft,
  expectOk,
  flowsPath,
  identifyRemotely,
  mailCounts,
  nextMailTo,
  randomLetters,
  sendRemoteFlow,
  waitFor,
} from './support/remote-signing.ts';
import { signingTokenIn } from './support/signing.ts';
import { createWebDist } from './support/test-app.ts';
import { startTsaGate, type TsaGate } from './support/tsa-gate.ts';

const lockSeconds = 5;
const owner = 'user@example.com';

interface FlowDetail {
  Status: string;
  SignFileInfo: { Guid: string } | null;
  AttachmentInfo: Array<{ Guid: string }>;
  SignedFile: { Guid: string } | null;
}

describe('two server processes sharing one PostgreSQL and one object store', () => {
  let schema: PostgresSchema | undefined;
  let s3: TestS3Server | undefined;
  let gate: TsaGate | undefined;
  let database: DatabaseHandle | undefined;
  let nodes: NodeProcess[] = [];
  const db = () => {
    if (!database) throw new Error('not started');
    return database.db;
  };
  const node = (name: string) => {
    const found = nodes.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no node ${name}`);
    return found;
  };

  beforeAll(async () => {
    schema = await createPostgresSchema();
    s3 = await startS3Server();
    gate = await startTsaGate();
    const ports = [await freePort(), await freePort()];
    const shared = {
      DATABASE_URL: schema.url,
      ...s3.env,
      // What every node of one portal shares: secrets, public address, configuration.
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      PKI_PASSPHRASE: randomBytes(16).toString('base64url'),
      PUBLIC_URL: 'http://esign.localhost:8080/',
      WEB_DIST_DIR: createWebDist(),
      JOB_LOCK_SECONDS: String(lockSeconds),
      // The gate below passes the nodes' time-stamp requests on to their own public TSA.
      TSA_PUBLIC: 'true',
    };
    const tsaGate = gate;
    // Started together, as nodes behind a load balancer are: migrations and first-start
    // set-up (the PKI, the demo accounts) must cope with the race.
    nodes = await Promise.all(
      ['a', 'b'].map((name, index) => {
        const port = ports[index] ?? 0;
        return startNode(
          name,
          {
            ...shared,
            DATA_DIR: mkdtempSync(join(tmpdir(), `esign-node-${name}-`)),
            TSA_URL: tsaGate.urlFor(name, `http://127.0.0.1:${port}`),
          },
          { port },
        );
      }),
    );
    database = openDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir: mkdtempSync(join(tmpdir(), 'esign-multi-')),
      schema: schema.schema,
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((each) => each.stop()));
    await database?.close();
    await gate?.close();
    await s3?.close();
    await schema?.dispose();
  }, 30_000);

  it('keeps a session made on one node valid on the other, and ends it on both', async () => {
    const browser = new HttpClient(node('a').url);
    await browser.login(owner, 'user-demo');
    const onB = browser.at(node('b').url);
    const current = expectOk(await onB.get('/api/esign/users/current'));
    expect(current.json()).toMatchObject({ IsAuthenticated: true, DisplayName: 'Ulla User' });
    // An unsafe call on B with the XSRF token A issued.
    await createDraft(onB, { name: 'Istuntotesti', signers: [] });

    const copy = new HttpClient(node('a').url, new Map(browser.cookies));
    expectOk(await onB.post('/api/esign/Users/ExternalLogout'));
    expect((await copy.get(flowsPath)).status).toBe(401);
  });

  it('downloads through one node the files uploaded through the other', async () => {
    const browser = new HttpClient(node('a').url);
    await browser.login(owner, 'user-demo');
    const onB = browser.at(node('b').url);
    const id = await createDraft(browser, { name: 'Tiedostotesti', signers: [] });
    const pdf = makePdf('Jaettu tiedosto');
    expectOk(await browser.upload(`${flowsPath}/${id}/signfile`, 'jaettu.pdf', pdf));
    expectOk(await onB.upload(`${flowsPath}/${id}/attachment`, 'kuva.png', pngImage()));

    const detail = expectOk(await onB.get(`${flowsPath}/${id}`)).json<FlowDetail>();
    const signFile = await onB.get(`${flowsPath}/${id}/signfile/${detail.SignFileInfo?.Guid}`);
    expect(expectOk(signFile).body.equals(pdf)).toBe(true);
    const attachmentId = detail.AttachmentInfo[0]?.Guid;
    const attachment = await browser.get(`${flowsPath}/${id}/attachment/${attachmentId}`);
    expect(expectOk(attachment).body.equals(pngImage())).toBe(true);
  });

  it('signs through one node a flow sent on the other, running each job once', async () => {
    const sender = new HttpClient(node('a').url);
    await sender.login(owner, 'user-demo');
    const name = `Kahden solmun sopimus ${randomLetters()}`;
    const suffix = randomLetters();
    const [first, second] = [`eka.${suffix}@example.com`, `toka.${suffix}@example.com`];
    const inspector = 'tarkastaja@example.com';
    const id = await sendRemoteFlow(sender, {
      name,
      process: 'Sequential',
      reminderDays: 1,
      inspector,
      signers: [
        { Name: 'Eka Allekirjoittaja', Email: first },
        { Name: 'Toka Allekirjoittaja', Email: second },
      ],
    });
    const invitation = await nextMailTo(db(), first, new Set());
    const invitedAt = db()
      .selectFrom('sign_flow_signers')
      .select('invited_at')
      .where('email', '=', first);
    await waitFor('the invitation to be recorded', async () => {
      const row = await invitedAt.executeTakeFirst();
      return row?.invited_at !== null && row?.invited_at !== undefined;
    });

    // A day passes: the reminder is due; whichever node claims it, it goes out once.
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    await db()
      .updateTable('sign_flow_signers')
      .set({ invited_at: dayAgo })
      .where('email', '=', first)
      .execute();
    await db()
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('kind', '=', signingJobs.remind)
      .where('payload', 'like', `%${id}%`)
      .execute();
    await nextMailTo(db(), first, new Set([invitation.id]));

    // The first signer does everything through B.
    const firstToken = signingTokenIn(invitation.text_body);
    const firstBrowser = await identifyRemotely(node('b').url, db(), firstToken, first);
    expectOk(await firstBrowser.post(`/api/sign/${firstToken}/sign`, { HaveRead: true }));

    // The second proves who they are on B and signs on A: their signer session is shared too.
    const secondMail = await nextMailTo(db(), second, new Set());
    const secondToken = signingTokenIn(secondMail.text_body);
    const secondBrowser = await identifyRemotely(node('b').url, db(), secondToken, second);
    const signed = await secondBrowser
      .at(node('a').url)
      .post(`/api/sign/${secondToken}/sign`, { HaveRead: true });
    expectOk(signed);

    const onB = sender.at(node('b').url);
    const detail = await waitFor('the flow to finish', async () => {
      const flow = expectOk(await onB.get(`${flowsPath}/${id}`)).json<FlowDetail>();
      return flow.Status === 'Finished' && flow.SignedFile ? flow : undefined;
    });
    const file = await sender.get(`${flowsPath}/${id}/signedfile/${detail.SignedFile?.Guid}`);
    const reports = await verifyPdf(bufferSource(expectOk(file).body));
    expect(reports.map((report) => [report.kind, report.valid])).toEqual([
      ['signature', true],
      ['signature', true],
      ['document-timestamp', true],
    ]);

    // Mail jobs may still be running on either node; once all are done, each went once.
    await waitFor('the last mails', async () => {
      const counts = await mailCounts(db(), name);
      return Boolean(
        counts[`${inspector} inspector`] &&
        counts[`${first} signedCopy`] &&
        counts[`${second} signedCopy`],
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mailCounts(db(), name)).toEqual({
      [`${first} invitation`]: 1,
      [`${first} reminder`]: 1,
      [`${first} code`]: 1,
      [`${second} invitation`]: 1,
      [`${second} code`]: 1,
      [`${owner} finished`]: 1,
      [`${inspector} inspector`]: 1,
      [`${first} signedCopy`]: 1,
      [`${second} signedCopy`]: 1,
    });
    // The reminder job queued its successor; nothing failed.
    const reminders = await db()
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', signingJobs.remind)
      .where('payload', 'like', `%${id}%`)
      .execute();
    expect(reminders).toHaveLength(1);
    expect(new Date(reminders[0]?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    const failed = await db().selectFrom('jobs').select('kind').where('failed_at', 'is not', null);
    expect(await failed.execute()).toEqual([]);
  }, 45_000);

  it('signs every one of eight signers who sign at the same moment through both nodes', async () => {
    const sender = new HttpClient(node('a').url);
    await sender.login(owner, 'user-demo');
    const suffix = randomLetters();
    const emails = Array.from(
      { length: 8 },
      (_, index) => `yhtaikaa.${index}.${suffix}@example.com`,
    );
    const id = await sendRemoteFlow(sender, {
      name: `Yhtä aikaa ${suffix}`,
      process: 'Concurrent',
      signers: emails.map((Email, index) => ({ Name: `Allekirjoittaja ${index + 1}`, Email })),
    });
    const signers = await Promise.all(
      emails.map(async (email, index) => {
        const token = signingTokenIn((await nextMailTo(db(), email, new Set())).text_body);
        const base = node(index % 2 ? 'b' : 'a').url;
        return { token, browser: await identifyRemotely(base, db(), token, email) };
      }),
    );
    // All at once: half through each node.
    const answers = await Promise.all(
      signers.map(({ token, browser }) =>
        browser.post(`/api/sign/${token}/sign`, { HaveRead: true }, { timeoutMs: 120_000 }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 200));
    const onB = sender.at(node('b').url);
    const detail = await waitFor('the flow to finish', async () => {
      const flow = expectOk(await onB.get(`${flowsPath}/${id}`)).json<FlowDetail>();
      return flow.Status === 'Finished' && flow.SignedFile ? flow : undefined;
    });
    const file = await sender.get(`${flowsPath}/${id}/signedfile/${detail.SignedFile?.Guid}`);
    const reports = await verifyPdf(bufferSource(expectOk(file).body));
    expect(reports.filter((report) => report.kind === 'signature' && report.valid)).toHaveLength(8);
  }, 180_000);

  it('delivers a burst of queued mail exactly once each while both nodes race for it', async () => {
    const addresses = Array.from({ length: 40 }, (_, index) => `ruuhka.${index}@example.com`);
    const now = new Date();
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const to of addresses) {
          const params = { flowName: 'Ruuhka', code: '123456', validMinutes: 10 };
          await enqueueMail(trx, { to, template: 'code', language: 'en', params }, now);
        }
      });
    const delivered = () =>
      db()
        .selectFrom('dev_mailbox')
        .select('to_address')
        .where('to_address', 'like', 'ruuhka.%')
        .execute();
    await waitFor('every mail of the burst', async () => (await delivered()).length >= 40);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows = await delivered();
    expect(rows.map((row) => row.to_address).sort()).toEqual([...addresses].sort());
  }, 30_000);

  it('finishes on the survivor a completion whose node was killed in the middle of it', async () => {
    const sender = new HttpClient(node('a').url);
    await sender.login(owner, 'user-demo');
    const name = `Keskeytetty sopimus ${randomLetters()}`;
    const signer = 'keskeytys@example.com';
    const id = await sendRemoteFlow(sender, {
      name,
      process: 'Concurrent',
      signers: [{ Name: 'Keskeytetty Allekirjoittaja', Email: signer }],
    });
    const token = signingTokenIn((await nextMailTo(db(), signer, new Set())).text_body);
    const browser = await identifyRemotely(node('b').url, db(), token, signer);
    // Nothing else is under way, so the only job in flight below is the completion.
    await waitFor('an idle queue', async () => {
      const busy = await db()
        .selectFrom('jobs')
        .select('id')
        .where('failed_at', 'is', null)
        .where((eb) => eb.or([eb('kind', '=', 'mail.send'), eb('locked_until', 'is not', null)]))
        .execute();
      return busy.length === 0;
    });

    // The signature's own time stamp passes; the completion's document time stamp is held,
    // so the node that took the completion job stops inside it, holding its lock.
    if (!gate) throw new Error('no gate');
    gate.holdAfter(1);
    const held = gate.nextHeld();
    expectOk(await browser.post(`/api/sign/${token}/sign`, { HaveRead: true }));
    const victim = node(await held);
    const job = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', signingJobs.complete)
      .where('payload', 'like', `%${id}%`)
      .executeTakeFirstOrThrow();
    expect(job.locked_by?.startsWith(victim.workerIdPrefix)).toBe(true);

    await victim.kill();
    gate.open();
    const survivor = nodes.find((each) => each !== victim) ?? victim;
    const onSurvivor = sender.at(survivor.url);
    const detail = await waitFor(
      'the survivor to finish the flow',
      async () => {
        const flow = expectOk(await onSurvivor.get(`${flowsPath}/${id}`)).json<FlowDetail>();
        return flow.Status === 'Finished' && flow.SignedFile ? flow : undefined;
      },
      (lockSeconds + 15) * 1000,
    );
    const file = await onSurvivor.get(`${flowsPath}/${id}/signedfile/${detail.SignedFile?.Guid}`);
    const reports = await verifyPdf(bufferSource(expectOk(file).body));
    expect(reports.map((report) => [report.kind, report.valid])).toEqual([
      ['signature', true],
      ['document-timestamp', true],
    ]);

    // Once, in effect: one signed file, one message of each kind, no object left over.
    await waitFor('the finished mails', async () => {
      const counts = await mailCounts(db(), name);
      return Boolean(counts[`${owner} finished`] && counts[`${signer} signedCopy`]);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mailCounts(db(), name)).toEqual({
      [`${signer} invitation`]: 1,
      [`${signer} code`]: 1,
      [`${owner} finished`]: 1,
      [`${signer} signedCopy`]: 1,
    });
    const files = await db()
      .selectFrom('sign_flow_files')
      .select(['kind', 'storage_key'])
      .where('flow_id', '=', id)
      .execute();
    expect(files.map((row) => row.kind).sort()).toEqual([
      'evidencereport',
      'signedfile',
      'signfile',
      'working',
    ]);
    const jobsLeft = await db()
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', signingJobs.complete)
      .where('payload', 'like', `%${id}%`)
      .execute();
    expect(jobsLeft).toEqual([]);
    if (!s3) throw new Error('no store');
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `flows/${id}/` }),
    );
    client.destroy();
    expect((listed.Contents ?? []).map((object) => object.Key).sort()).toEqual(
      files.map((row) => row.storage_key).sort(),
    );
  }, 60_000);
});
