import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { trustAnchorsOf } from './support/trust.ts';
import { bufferSource, verifyPdf } from '@esign/pades';
import { describe, expect, it } from 'vitest';
import { findBrokenAuditLink } from '../src/audit/audit.service.ts';
import { MovableClock } from '../src/time/clock.ts';
import { addDays, dateIn, endOfDay } from '../src/time/zoned-dates.ts';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import {
  draftBody,
  identifyWithCode,
  mailsTo,
  requestCode,
  pdfsigVerdicts,
  sendFlow,
  signingTokenIn,
} from './support/signing.ts';
import { makePdf } from './support/pdf.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const day = 24 * 3_600_000;

describe.each(databaseKinds)('signers sign on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    { JOB_WORKER: 'false', AUTO_DELETE_DAYS: '30', ...sessionsOutlastMovedClock },
    { clock },
  );
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  const sender = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return browser;
  };
  const linkOf = async (email: string) => {
    const mail = (await mailsTo(db(), email)).find((m) => /\/sign\//.test(m.text_body));
    if (!mail) throw new Error(`no invitation to ${email}`);
    return signingTokenIn(mail.text_body);
  };
  const flowOf = async (browser: TestClient, id: string) =>
    (await browser.get(`${flows}/${id}`)).json<{
      Status: string;
      SignFlowDetailsStatus: string;
      SignedFile: { Guid: string } | null;
      Signers: Array<{
        Guid: string;
        Email: string;
        Status: string;
        RejectionComment: string | null;
        CompletionTimeUtc: string | null;
      }>;
    }>();

  it('takes a Sequential flow through both signers to a signed file every validator accepts', async () => {
    const owner = await sender();
    const [first, second] = [`anna.${kind}@example.com`, `bertil.${kind}@example.com`];
    const id = await sendFlow(owner, {
      signers: [
        { Name: 'Anna Allekirjoittaja', Email: first },
        { Name: 'Bertil Björk', Email: second },
      ],
      inspector: `inspector.${kind}@example.com`,
    });
    await runJobs();
    expect(await mailsTo(db(), first)).toHaveLength(1);
    expect(await mailsTo(db(), second)).toHaveLength(0);

    // The owner can hand out any signer's link (the list's 'link' action); the second
    // signer's is not their turn yet, and asks for no code.
    const sent = await flowOf(owner, id);
    const secondGuid = sent.Signers.find((s) => s.Email === second)?.Guid ?? '';
    const secondUrl = await owner.get(`${flows}/${id}/${secondGuid}/signingurl`);
    expect(secondUrl.statusCode).toBe(200);
    const secondEarlyToken = signingTokenIn(secondUrl.body);
    const secondEarly = new TestClient(context.app);
    const early = (await secondEarly.get(`/api/sign/${secondEarlyToken}`)).json();
    expect(early).toMatchObject({ State: 'NotYourTurn', Authenticated: false, Document: null });
    const earlyCode = await secondEarly.post(`/api/sign/${secondEarlyToken}/code`);
    expect(earlyCode.json().key).toBe('signing.errors.notYourTurn');
    // An unknown link says so, and shows nothing.
    const unknown = await secondEarly.get(`/api/sign/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().key).toBe('signing.errors.linkInvalid');

    const firstToken = await linkOf(first);
    const task = (await new TestClient(context.app).get(`/api/sign/${firstToken}`)).json();
    expect(task).toMatchObject({ State: 'Open', Authenticated: false, Document: null });

    const firstBrowser = await identifyWithCode(context.app, db(), runJobs, firstToken, first);
    const opened = (await firstBrowser.get(`/api/sign/${firstToken}`)).json();
    expect(opened).toMatchObject({ Authenticated: true, Document: { FileName: 'sopimus.pdf' } });
    const document = await firstBrowser.get(`/api/sign/${firstToken}/document`);
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const signed = await firstBrowser.post(`/api/sign/${firstToken}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().Task).toMatchObject({ State: 'Signed' });
    await runJobs();
    expect(await mailsTo(db(), second)).toHaveLength(1);

    const secondToken = await linkOf(second);
    const secondBrowser = await identifyWithCode(context.app, db(), runJobs, secondToken, second);
    expect(
      (await secondBrowser.post(`/api/sign/${secondToken}/sign`, { HaveRead: true })).statusCode,
    ).toBe(200);
    await runJobs();

    const finished = await flowOf(owner, id);
    expect(finished).toMatchObject({ Status: 'Finished', SignFlowDetailsStatus: 'Finished' });
    expect(finished.Signers.map((s) => s.Status)).toEqual(['Signed', 'Signed']);
    for (const signer of finished.Signers)
      expect(Date.parse(signer.CompletionTimeUtc ?? '')).toBe(clock.now().getTime());
    expect(secondToken).toBe(secondEarlyToken);
    const file = await owner.get(`${flows}/${id}/signedfile/${finished.SignedFile?.Guid}`);
    expect(file.statusCode).toBe(200);
    const pdf = file.rawPayload;

    const reports = await verifyPdf(bufferSource(pdf), {
      trustAnchors: await trustAnchorsOf(context),
    });
    expect(reports.map((r) => [r.kind, r.valid, r.level])).toEqual([
      ['signature', true, 'B-LTA'],
      ['signature', true, 'B-LTA'],
      ['document-timestamp', true, 'timestamp'],
    ]);
    expect(reports.at(-1)?.coversWholeDocument).toBe(true);
    expect(reports.every((r) => r.chainTrusted)).toBe(true);
    const poppler = pdfsigVerdicts(pdf);
    expect(poppler.valid, poppler.output).toBe(2);

    expect((await mailsTo(db(), 'user@example.com')).some((m) => m.subject.length > 0)).toBe(true);
    const inspectorMail = (await mailsTo(db(), `inspector.${kind}@example.com`))[0];
    const inspectorPath = /https?:\/\/[^/\s]+(\/api\/inspect\/\S+)/.exec(
      inspectorMail?.text_body ?? '',
    )?.[1];
    expect(inspectorPath).toBeDefined();
    const inspected = await new TestClient(context.app).get(inspectorPath ?? '');
    expect(inspected.statusCode).toBe(200);
    expect(inspected.rawPayload.equals(pdf)).toBe(true);

    const events = (await owner.get(`${flows}/${id}/events`)).json();
    expect(events.ChainIntact).toBe(true);
    expect(events.Events.map((e: { Operation: string }) => e.Operation)).toEqual(
      expect.arrayContaining(['Sent', 'Mailed', 'Authenticated', 'Sign', 'Finished']),
    );
    expect(await findBrokenAuditLink(db(), id)).toBeNull();
    // A change to any event of the flow shows in its chain.
    await db()
      .updateTable('audit_events')
      .set({ ip: '203.0.113.9' })
      .where('flow_id', '=', id)
      .where('operation', '=', 'Sign')
      .execute();
    expect((await owner.get(`${flows}/${id}/events`)).json().ChainIntact).toBe(false);
    // Links of a finished flow no longer open the document.
    const after = (await secondBrowser.get(`/api/sign/${secondToken}`)).json();
    expect(after).toMatchObject({ State: 'Signed', Document: null });
  });

  it('lets an identified signer download the attachments, and nobody else', async () => {
    const owner = await sender();
    const email = `liitteet.${kind}@example.com`;
    const saved = await owner.post(
      flows,
      draftBody({ name: 'Liitteellinen', signers: [{ Name: 'Liite Lukija', Email: email }] }),
    );
    const id = saved.json<{ Guid: string }>().Guid;
    await owner.upload(`${flows}/${id}/signfile`, 'sopimus.pdf', makePdf());
    const appendix = Buffer.from('Liite 1: hinnasto\n'.repeat(50));
    await owner.upload(`${flows}/${id}/attachment`, 'hinnasto.txt', appendix);
    expect((await owner.post(`${flows}/${id}/send`)).statusCode).toBe(200);
    await runJobs();
    const token = await linkOf(email);

    const stranger = new TestClient(context.app);
    const unidentified = (await stranger.get(`/api/sign/${token}`)).json();
    expect(unidentified.Attachments).toEqual([]);
    const signer = await identifyWithCode(context.app, db(), runJobs, token, email);
    const task = (await signer.get(`/api/sign/${token}`)).json();
    expect(task.Attachments).toEqual([
      { Guid: expect.any(String), FileName: 'hinnasto.txt', Size: appendix.length },
    ]);
    const attachmentId = task.Attachments[0].Guid as string;
    const download = await signer.get(`/api/sign/${token}/attachment/${attachmentId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(appendix)).toBe(true);
    expect(download.headers['content-disposition']).toContain('hinnasto.txt');
    expect((await stranger.get(`/api/sign/${token}/attachment/${attachmentId}`)).statusCode).toBe(
      401,
    );
  });

  it('invites every signer of a Concurrent flow at once and lets them sign in any order', async () => {
    const owner = await sender();
    const emails = [`c1.${kind}@example.com`, `c2.${kind}@example.com`];
    const id = await sendFlow(owner, {
      process: 'Concurrent',
      signers: emails.map((Email, i) => ({ Name: `Signer ${i + 1}`, Email })),
    });
    await runJobs();
    for (const email of emails) expect(await mailsTo(db(), email)).toHaveLength(1);
    for (const email of [...emails].reverse()) {
      const token = await linkOf(email);
      const browser = await identifyWithCode(context.app, db(), runJobs, token, email);
      expect((await browser.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
        200,
      );
    }
    await runJobs();
    expect((await flowOf(owner, id)).Status).toBe('Finished');
  });

  it('ends the flow Rejected when a signer rejects with a comment, and tells the others', async () => {
    const owner = await sender();
    const emails = [`r1.${kind}@example.com`, `r2.${kind}@example.com`];
    const id = await sendFlow(owner, {
      process: 'Concurrent',
      signers: emails.map((Email, i) => ({ Name: `Signer ${i + 1}`, Email })),
    });
    await runJobs();
    const token = await linkOf(emails[0] ?? '');
    const browser = await identifyWithCode(context.app, db(), runJobs, token, emails[0] ?? '');
    const empty = await browser.post(`/api/sign/${token}/reject`, { Comment: '  ' });
    expect(empty.statusCode).toBe(400);
    const rejected = await browser.post(`/api/sign/${token}/reject`, { Comment: 'Väärä summa' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await runJobs();
    const flow = await flowOf(owner, id);
    expect(flow).toMatchObject({ Status: 'Rejected', SignFlowDetailsStatus: 'RejectedBySigner' });
    expect(flow.Signers[0]).toMatchObject({ Status: 'Rejected', RejectionComment: 'Väärä summa' });
    const other = await mailsTo(db(), emails[1] ?? '');
    const otherRejected = other.find((mail) => mail.text_body.includes('Väärä summa'));
    expect(otherRejected).toBeDefined();
    // The sender's copy links to the flow; a signer's does not.
    expect(otherRejected?.text_body).not.toContain('/esign/edit/');
    const senderRejected = (await mailsTo(db(), 'user@example.com')).filter(
      (mail) => mail.subject.endsWith('hylättiin') && mail.text_body.includes(`/esign/edit/${id}`),
    );
    expect(senderRejected).toHaveLength(1);
    expect(senderRejected[0]?.text_body).toContain('Avaa allekirjoituspyyntö');
    const otherToken = await linkOf(emails[1] ?? '');
    const otherBrowser = new TestClient(context.app);
    const otherTask = (await otherBrowser.get(`/api/sign/${otherToken}`)).json();
    expect(otherTask.State).toBe('FlowRejected');
    const code = await otherBrowser.post(`/api/sign/${otherToken}/code`);
    expect(code.json().key).toBe('signing.errors.flowEnded');
  });

  it('cancels after one signature: links stop working, signers are told, no signed file', async () => {
    const owner = await sender();
    const emails = [`x1.${kind}@example.com`, `x2.${kind}@example.com`];
    const id = await sendFlow(owner, {
      signers: emails.map((Email, i) => ({ Name: `Signer ${i + 1}`, Email })),
    });
    await runJobs();
    const token = await linkOf(emails[0] ?? '');
    const browser = await identifyWithCode(context.app, db(), runJobs, token, emails[0] ?? '');
    await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    await runJobs();
    const cancel = await owner.post(`${flows}/${id}/cancel`, { Comment: 'Sopimus muuttui' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runJobs();
    const flow = await flowOf(owner, id);
    expect(flow).toMatchObject({ Status: 'Cancelled', SignedFile: null });
    for (const email of emails) {
      const texts = (await mailsTo(db(), email)).map((mail) => mail.text_body);
      expect(texts.some((text) => text.includes('Sopimus muuttui'))).toBe(true);
    }
    const secondToken = await linkOf(emails[1] ?? '');
    const task = (await new TestClient(context.app).get(`/api/sign/${secondToken}`)).json();
    expect(task.State).toBe('FlowCancelled');
  });

  it('uses a code up after five wrong tries and expires it after ten minutes', async () => {
    const owner = await sender();
    const email = `codes.${kind}@example.com`;
    await sendFlow(owner, { signers: [{ Name: 'Koodi Testaaja', Email: email }] });
    await runJobs();
    const token = await linkOf(email);
    const { browser, code: right } = await requestCode(context.app, db(), runJobs, token, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const keys: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await browser.post(`/api/sign/${token}/code/verify`, { Code: wrong });
      keys.push(answer.json().key);
      if (i === 0) expect(answer.statusCode, `${answer.body} right=${right}`).toBe(400);
    }
    expect(keys).toEqual([
      ...Array(4).fill('signing.errors.codeWrong'),
      'signing.errors.codeTriesUsed',
    ]);
    const tooLate = await browser.post(`/api/sign/${token}/code/verify`, { Code: right });
    expect(tooLate.json().key).toBe('signing.errors.codeTriesUsed');
    expect((await browser.get(`/api/sign/${token}/document`)).statusCode).toBe(401);

    clock.advance(31_000);
    const { code: fresh } = await requestCode(context.app, db(), runJobs, token, email, browser);
    clock.advance(10 * 60_000 + 1);
    const expired = await browser.post(`/api/sign/${token}/code/verify`, { Code: fresh });
    expect(expired.json().key).toBe('signing.errors.codeExpired');
  });

  it('counts wrong codes sent side by side one by one, so twenty at once still leave no sixth try', async () => {
    const owner = await sender();
    const email = `parallel.${kind}@example.com`;
    await sendFlow(owner, { signers: [{ Name: 'Rinnakkainen Arvaaja', Email: email }] });
    await runJobs();
    const token = await linkOf(email);
    const { browser, code: right } = await requestCode(context.app, db(), runJobs, token, email);
    const guesses = Array.from({ length: 20 }, (_, index) =>
      String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((guess) => browser.post(`/api/sign/${token}/code/verify`, { Code: guess })),
    );
    const keys = answers.map((answer) => answer.json().key as string);
    expect(keys.filter((key) => key === 'signing.errors.codeWrong').length).toBe(4);
    expect(keys.filter((key) => key === 'signing.errors.codeTriesUsed').length).toBe(16);
    const tooLate = await browser.post(`/api/sign/${token}/code/verify`, { Code: right });
    expect(tooLate.json().key).toBe('signing.errors.codeTriesUsed');
    const { id: signerId } = await db()
      .selectFrom('sign_flow_signers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const failures = await db()
      .selectFrom('audit_events')
      .select('details')
      .where('operation', '=', 'Authentication Failed')
      .where('details', 'like', `%${signerId}%`)
      .execute();
    expect(failures).toHaveLength(5);
  });

  it('reminds those in turn every interval and deletes ended flows at their auto-delete date', async () => {
    const owner = await sender();
    const email = `remind.${kind}@example.com`;
    const quiet = `quiet.${kind}@example.com`;
    const id = await sendFlow(owner, {
      signers: [{ Name: 'Muistutettava', Email: email }],
      reminderDays: 2,
    });
    await sendFlow(owner, { signers: [{ Name: 'Hiljainen', Email: quiet }], reminderDays: null });
    await runJobs();
    expect(await mailsTo(db(), email)).toHaveLength(1);
    clock.advance(2 * day + 60_000);
    await runJobs();
    expect(await mailsTo(db(), email)).toHaveLength(2);
    expect(await mailsTo(db(), quiet)).toHaveLength(1);
    clock.advance(2 * day + 60_000);
    await runJobs();
    expect(await mailsTo(db(), email)).toHaveLength(3);

    await owner.post(`${flows}/${id}/cancel`, { Comment: '' });
    await runJobs();
    const storedKeys = (
      await db()
        .selectFrom('sign_flow_files')
        .select('storage_key')
        .where('flow_id', '=', id)
        .execute()
    ).map((row) => row.storage_key);
    expect(storedKeys.length).toBeGreaterThan(0);
    // Not before its date: a day early, the job leaves it.
    clock.advance(29 * day);
    await enqueueJob(db(), { kind: signingJobs.autoDelete, payload: null }, clock.now());
    await runJobs();
    expect((await owner.get(`${flows}/${id}`)).statusCode).toBe(200);
    clock.advance(2 * day);
    await enqueueJob(db(), { kind: signingJobs.autoDelete, payload: null }, clock.now());
    await runJobs();
    expect((await owner.get(`${flows}/${id}`)).statusCode).toBe(404);
    const files = await db()
      .selectFrom('sign_flow_files')
      .select('id')
      .where('flow_id', '=', id)
      .execute();
    expect(files).toEqual([]);
    for (const key of storedKeys)
      expect(existsSync(join(context.config.dataDir, 'files', key)), key).toBe(false);
    const deleted = await db()
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('flow_id', '=', id)
      .where('operation', '=', 'Deleted')
      .executeTakeFirstOrThrow();
    expect(deleted.actor).toBe('system');
    expect(JSON.parse(deleted.details)).toMatchObject({ reason: 'auto-delete' });
  });

  it('gives the signers a deadline in their mail and ends the flow when it passes', async () => {
    const owner = await sender();
    const [early, late] = [`ajoissa.${kind}@example.com`, `myohassa.${kind}@example.com`];
    const sentAt = clock.now().getTime();
    const id = await sendFlow(owner, {
      name: `Määräaika ${kind}`,
      process: 'Concurrent',
      signers: [
        { Name: 'Ajoissa Allekirjoittava', Email: early },
        { Name: 'Myöhässä Oleva', Email: late },
      ],
    });
    await runJobs();
    const detail = (await owner.get(`${flows}/${id}`)).json();
    // SIGNING_DEADLINE_DAYS defaults to 30: the end of the 30th day from today, in Helsinki.
    const deadline = endOfDay(
      addDays(dateIn(new Date(sentAt), 'Europe/Helsinki'), 30),
      'Europe/Helsinki',
    );
    expect(Date.parse(detail.SigningDeadline)).toBe(deadline);
    const [invitation] = await mailsTo(db(), late);
    const deadlineDate = new Intl.DateTimeFormat('fi-FI', {
      timeZone: 'Europe/Helsinki',
      dateStyle: 'long',
    }).format(new Date(detail.SigningDeadline));
    expect(invitation?.text_body).toContain(`Allekirjoitathan viimeistään ${deadlineDate}.`);

    const earlyToken = await linkOf(early);
    const signer = await identifyWithCode(context.app, db(), runJobs, earlyToken, early);
    expect((await signer.post(`/api/sign/${earlyToken}/sign`, { HaveRead: true })).statusCode).toBe(
      200,
    );
    const lateToken = await linkOf(late);

    clock.set(new Date(deadline - 60_000));
    await enqueueJob(db(), { kind: signingJobs.expire, payload: null }, clock.now());
    await runJobs();
    expect((await flowOf(owner, id)).Status).toBe('Sent');

    clock.advance(2 * 60_000);
    await enqueueJob(db(), { kind: signingJobs.expire, payload: null }, clock.now());
    await runJobs();
    await runJobs();
    const ended = (await owner.get(`${flows}/${id}`)).json();
    expect(ended).toMatchObject({ Status: 'Cancelled', SignFlowDetailsStatus: 'Cancelled' });
    expect(ended.SignedFile).toBeNull();
    const task = (await new TestClient(context.app).get(`/api/sign/${lateToken}`)).json();
    expect(task.State).toBe('FlowExpired');
    const subjects = async (to: string) => (await mailsTo(db(), to)).map((mail) => mail.subject);
    expect(await subjects(late)).toContain(`Allekirjoituspyyntö vanhentui: ${ended.Name}`);
    expect(await subjects(early)).toContain(`Allekirjoituspyyntö vanhentui: ${ended.Name}`);
    const ownerMail = (await mailsTo(db(), 'user@example.com')).find(
      (mail) => mail.subject === `Allekirjoituspyyntö vanhentui: ${ended.Name}`,
    );
    expect(ownerMail?.text_body).toContain('allekirjoituksia oli 1/2');
    const timeline = (await owner.get(`${flows}/${id}/events`)).json();
    expect(timeline.Events.at(-1)).toMatchObject({ Operation: 'Expired', Actor: 'system' });
    expect(timeline.ChainIntact).toBe(true);
  });

  it('reminds only the signer whose turn it is in a Sequential flow, and not one who signed', async () => {
    const owner = await sender();
    const [first, second] = [`vuoro1.${kind}@example.com`, `vuoro2.${kind}@example.com`];
    await sendFlow(owner, {
      name: `Vuorossa ${kind}`,
      process: 'Sequential',
      signers: [
        { Name: 'Ensimmäinen Vuorossa', Email: first },
        { Name: 'Toinen Vuorossa', Email: second },
      ],
      reminderDays: 2,
    });
    await runJobs();
    clock.advance(2 * day + 60_000);
    await runJobs();
    expect(await mailsTo(db(), first)).toHaveLength(2);
    expect(await mailsTo(db(), second)).toHaveLength(0);

    const token = await linkOf(first);
    const browser = await identifyWithCode(context.app, db(), runJobs, token, first);
    expect((await browser.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
      200,
    );
    await runJobs();
    const firstMails = (await mailsTo(db(), first)).length;
    expect(await mailsTo(db(), second)).toHaveLength(1);
    clock.advance(2 * day + 60_000);
    await runJobs();
    expect(await mailsTo(db(), first)).toHaveLength(firstMails);
    expect(await mailsTo(db(), second)).toHaveLength(2);
  });

  it('queues the next reminder once even when a reminder job runs twice', async () => {
    const owner = await sender();
    const email = `twice.${kind}@example.com`;
    const id = await sendFlow(owner, {
      signers: [{ Name: 'Kahdesti Muistutettava', Email: email }],
      reminderDays: 3,
    });
    await runJobs();
    const reminders = () =>
      db()
        .selectFrom('jobs')
        .select(['payload', 'run_at'])
        .where('kind', '=', signingJobs.remind)
        .where('payload', 'like', `%${id}%`)
        .execute();
    const [first] = await reminders();
    clock.advance(3 * day + 60_000);
    await runJobs();
    expect(await mailsTo(db(), email)).toHaveLength(2);
    expect(await reminders()).toHaveLength(1);
    // The same reminder again, as when its node died after queueing the next one.
    await enqueueJob(
      db(),
      { kind: signingJobs.remind, payload: JSON.parse(first?.payload ?? 'null') },
      clock.now(),
    );
    await runJobs();
    expect(await reminders()).toHaveLength(1);
    // Reminded a moment ago, the signer gets no second reminder from the rerun either.
    expect(await mailsTo(db(), email)).toHaveLength(2);
  });

  it('finishes on the recurring status check a flow whose completion was lost', async () => {
    const owner = await sender();
    const email = `lost.${kind}@example.com`;
    const id = await sendFlow(owner, {
      signers: [{ Name: 'Kadonnut Valmistuminen', Email: email }],
    });
    await runJobs();
    const token = await linkOf(email);
    const browser = await identifyWithCode(context.app, db(), runJobs, token, email);
    expect((await browser.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
      200,
    );
    // The completion job is lost (as if its row went with a failed database).
    await db().deleteFrom('jobs').where('kind', '=', signingJobs.complete).execute();
    await enqueueJob(db(), { kind: signingJobs.statusCheck, payload: null }, clock.now());
    await runJobs();
    expect((await flowOf(owner, id)).Status).toBe('Sent');
    clock.advance(16 * 60_000);
    await enqueueJob(db(), { kind: signingJobs.statusCheck, payload: null }, clock.now());
    await runJobs();
    await runJobs();
    expect((await flowOf(owner, id)).Status).toBe('Finished');
  });
});
