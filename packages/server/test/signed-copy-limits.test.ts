import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { freePort } from './support/node-process.ts';
import { codeIn, pdfsigVerdicts, sendFlow, signingTokenIn } from './support/signing.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';
import { copyPathIn, expectGone, signingIn } from './support/signed-copy.ts';

const flows = '/api/esign/SignFlows';
const day = 24 * 3_600_000;

describe('a signed copy over SMTP', () => {
  const clock = new MovableClock();
  // The SMTP server's port is chosen before the app is built, and listens from then on.
  const env: Record<string, string> = { JOB_WORKER: 'false', ...sessionsOutlastMovedClock };
  let smtp: TestSmtpServer;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    smtp = await startSmtpServer(port);
  });
  const context = useTestApp('sqlite', env, { clock });
  afterAll(async () => smtp.close());
  const runJobs = () => context.app.jobWorker.runDue();
  const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const signedCopyJobs = () =>
    context.database.handle.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', signingJobs.signedCopy)
      .execute();

  it('the signed PDF arrives attached, the same file the link downloads, and pdfsig accepts it', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const email = 'liite@example.fi';
    await sendFlow(owner, {
      name: 'Liitteenä',
      signers: [{ Name: 'Liisa Liite', Email: email }],
      language: 'en',
    });
    await runJobs();
    const token = signingTokenIn(mailTo(email)[0]?.text ?? '');
    const signer = new TestClient(context.app);
    expect((await signer.get(`/api/sign/${token}`)).statusCode).toBe(200);
    expect((await signer.post(`/api/sign/${token}/code`)).statusCode).toBe(200);
    await runJobs();
    const code = codeIn(mailTo(email).at(-1)?.text ?? '');
    const verified = await signer.post(`/api/sign/${token}/code/verify`, { Code: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await signer.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(200);
    // The mail server is down as the flow finishes: the signer's mail waits in the queue,
    // which carries their id alone, no link and no bytes.
    await smtp.close();
    await runJobs();
    const { id: signerId } = await context.database.handle.db
      .selectFrom('sign_flow_signers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect((await signedCopyJobs()).map((job) => JSON.parse(job.payload))).toEqual([{ signerId }]);
    smtp = await startSmtpServer(port);
    clock.advance(60_000);
    await runJobs();
    expect(await signedCopyJobs()).toEqual([]);

    const copy = mailTo(email).find((mail) => mail.subject === 'Signed document: Liitteenä');
    expect(copy?.text).toContain('The signed document is attached to this message.');
    expect(copy?.html).toContain('Download the signed document');
    expect(copy?.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['sopimus.pdf', 'application/pdf'],
    ]);
    const attached = copy?.attachments[0]?.content ?? Buffer.alloc(0);
    expect(pdfsigVerdicts(attached).valid).toBe(1);
    const path = /https?:\/\/[^/\s]+(\/signed\/[A-Za-z0-9_-]{43})/.exec(copy?.text ?? '')?.[1];
    const download = await new TestClient(context.app).get(path ?? '/signed/none');
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(attached)).toBe(true);
  });
});

describe.each(databaseKinds)('a signed copy with small limits, on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    {
      JOB_WORKER: 'false',
      MAIL_ATTACHMENT_MAX_MB: '0.001',
      AUTO_DELETE_DAYS: '7',
      ...sessionsOutlastMovedClock,
    },
    { clock },
  );
  const { sender, signAll, copyMail, runJobs } = signingIn(context);

  it('the PDF is attached only under MAIL_ATTACHMENT_MAX_MB', async () => {
    const owner = await sender();
    const email = `iso.${kind}@example.com`;
    const name = `Iso ${kind}`;
    await signAll(owner, name, [email]);
    const mail = await copyMail(email, name);
    // The signed PDF is far over 1 kB: the link alone.
    expect(mail.attachments).toBeNull();
    expect(mail.text_body).toContain(
      'Voit ladata allekirjoitetun asiakirjan alla olevasta linkistä.',
    );
    expect(mail.text_body).not.toContain('liitteenä');
    expect((await new TestClient(context.app).get(copyPathIn(mail.text_body))).statusCode).toBe(
      200,
    );
  });

  it('the signed-copy link stops working when the flow is deleted automatically', async () => {
    const owner = await sender();
    const email = `automaatti.${kind}@example.com`;
    const name = `Automaatti ${kind}`;
    const { id, tokens } = await signAll(owner, name, [email]);
    const mail = await copyMail(email, name);
    const path = copyPathIn(mail.text_body);
    // AUTO_DELETE_DAYS (7) comes before SIGNED_COPY_DAYS (30): the mail and the page say so.
    const task = (await new TestClient(context.app).get(`/api/sign/${tokens[0]}`)).json();
    expect(Date.parse(task.SignedCopy.ExpiresAt)).toBe(clock.now().getTime() + 7 * day);
    const until = new Intl.DateTimeFormat('fi-FI', {
      timeZone: 'Europe/Helsinki',
      dateStyle: 'long',
    }).format(new Date(task.SignedCopy.ExpiresAt));
    expect(mail.text_body).toContain(`Linkki toimii ${until} asti.`);
    clock.advance(7 * day + 60_000);
    await enqueueJob(
      context.database.handle.db,
      { kind: signingJobs.autoDelete, payload: null },
      clock.now(),
    );
    await runJobs();
    expect((await owner.get(`${flows}/${id}`)).statusCode).toBe(404);
    expectGone(await new TestClient(context.app).get(path));
  });
});
