import { limits } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/signing/signing-links.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { parseCsv } from './support/personal-data.ts';
import { expectGone } from './support/signed-copy.ts';
import {
  draftBody,
  identifyWithCode,
  mailsTo,
  pdfsigVerdicts,
  sendFlow,
  signingTokenIn,
} from './support/signing.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const day = 24 * 3_600_000;

/** The path of a link of this kind (view, copy) in a mail's text. */
function pathIn(text: string, kind: 'view' | 'copy', tail = ''): string {
  const pattern = new RegExp(`https?://[^/\\s]+(/${kind}/[A-Za-z0-9_-]{43}${tail})(?:\\s|$)`);
  const path = pattern.exec(text)?.[1];
  if (!path) throw new Error(`no /${kind}/ link in: ${text}`);
  return path;
}

describe.each(databaseKinds)('copy recipients and viewers, on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    { JOB_WORKER: 'false', ...sessionsOutlastMovedClock },
    { clock },
  );
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  const sender = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return browser;
  };
  const people = (flowName: string) => {
    const name = flowName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return {
      signer: `allekirjoittaja.${name}.${kind}@example.com`,
      copy: `kopio.${name}.${kind}@example.com`,
      viewer: `katselija.${name}.${kind}@example.com`,
    };
  };

  /** Sends a flow with one signer, one copy recipient and one viewer; answers its id and the viewer's page path. */
  async function sendWithRecipients(owner: TestClient, name: string, language = 'fi') {
    const to = people(name);
    const id = await sendFlow(owner, {
      name,
      language,
      signers: [{ Name: 'Allekirjoittaja', Email: to.signer }],
      copyRecipients: [{ Name: 'Kopion Saaja', Email: to.copy }],
      viewers: [{ Name: 'Katselija', Email: to.viewer }],
    });
    await runJobs();
    const [viewerMail] = await mailsTo(db(), to.viewer);
    return { id, to, viewerPath: pathIn(viewerMail?.text_body ?? '', 'view') };
  }

  async function signByAll(owner: TestClient, id: string, email: string) {
    const signing = await mailsTo(db(), email);
    const token = signingTokenIn(
      signing.find((m) => /\/sign\//.test(m.text_body))?.text_body ?? '',
    );
    const browser = await identifyWithCode(context.app, db(), runJobs, token, email);
    expect((await browser.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
      200,
    );
    await runJobs();
    expect((await owner.get(`${flows}/${id}`)).json().Status).toBe('Finished');
  }

  it('keeps copy recipients and viewers in the draft and refuses bad ones with translated keys', async () => {
    const owner = await sender();
    const saved = await owner.post(
      flows,
      draftBody({
        name: `Luonnos ${kind}`,
        signers: [],
        copyRecipients: [{ Name: 'Kopio', Email: 'kopio@example.com' }],
        viewers: [{ Name: '', Email: 'lukija@example.com' }],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const flow = saved.json();
    expect(flow.CopyRecipients).toMatchObject([{ Name: 'Kopio', Email: 'kopio@example.com' }]);
    expect(flow.Viewers).toMatchObject([{ Name: '', Email: 'lukija@example.com' }]);
    const detail = (await owner.get(`${flows}/${flow.Guid}`)).json();
    expect(detail.Viewers[0]).toMatchObject({ NotifiedTimeUtc: null, OpenedTimeUtc: null });

    const bad = await owner.post(flows, {
      ...draftBody({ name: `Huono ${kind}`, signers: [] }),
      Guid: flow.Guid,
      CopyRecipients: [{ Name: 'X', Email: 'ei-osoite' }],
      Viewers: [{ Name: 'Y', Email: '' }],
    });
    expect(bad.statusCode).toBe(400);
    const keys = bad.json().issues.map((issue: { path: string; key: string }) => issue);
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'CopyRecipients.0.Email',
          key: 'validation.invalidRecipientEmail',
        }),
        expect.objectContaining({
          path: 'Viewers.0.Email',
          key: 'validation.recipientEmailRequired',
        }),
      ]),
    );
    const tooMany = await owner.post(flows, {
      ...draftBody({ name: `Liikaa ${kind}`, signers: [] }),
      Viewers: Array.from({ length: limits.maxRecipients + 1 }, (_, index) => ({
        Name: '',
        Email: `v${index}@example.com`,
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues[0]).toMatchObject({
      path: 'Viewers',
      key: 'validation.tooManyRecipients',
      params: { n: limits.maxRecipients },
    });
    // Nothing of the refused saves was kept.
    const after = (await owner.get(`${flows}/${flow.Guid}`)).json();
    expect(after.CopyRecipients).toEqual(detail.CopyRecipients);
    expect(after.Viewers).toEqual(detail.Viewers);
  });

  it('mails the copy recipient at sending and at finishing, with a working download of the signed PDF', async () => {
    const owner = await sender();
    const name = `Tiedoksi ${kind}`;
    const { id, to } = await sendWithRecipients(owner, name);
    const [sentMail] = await mailsTo(db(), to.copy);
    expect(sentMail?.subject).toBe(`Tiedoksi: ${name}`);
    expect(sentMail?.text_body).toContain('kopion saajaksi');
    expect(sentMail?.text_body).not.toMatch(/\/(sign|view|copy)\//);
    const detail = (await owner.get(`${flows}/${id}`)).json();
    expect(detail.CopyRecipients[0].NotifiedTimeUtc).not.toBeNull();

    await signByAll(owner, id, to.signer);
    const finished = (await mailsTo(db(), to.copy)).find(
      (m) => m.subject === `Allekirjoitettu asiakirja: ${name}`,
    );
    if (!finished) throw new Error('no finished mail to the copy recipient');
    expect(finished.text_body).toContain('Lataa todisteraportti');
    const attached = JSON.parse(finished.attachments ?? '[]');
    expect(attached.map((file: { contentType: string }) => file.contentType)).toEqual([
      'application/pdf',
      'application/pdf',
    ]);
    const download = await new TestClient(context.app).get(pathIn(finished.text_body, 'copy'));
    expect(download.statusCode).toBe(200);
    const signedFile = (await owner.get(`${flows}/${id}`)).json().SignedFile;
    const ownersCopy = await owner.get(`${flows}/${id}/signedfile/${signedFile.Guid}`);
    expect(download.rawPayload.equals(ownersCopy.rawPayload)).toBe(true);
    const poppler = pdfsigVerdicts(download.rawPayload);
    // The one signer's signature is valid (the document time stamp is not counted as one).
    expect(poppler.valid, poppler.output).toBe(1);
    const evidence = await new TestClient(context.app).get(
      pathIn(finished.text_body, 'copy', '/evidence'),
    );
    expect(evidence.statusCode).toBe(200);
    expect(evidence.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The link lasts SIGNED_COPY_DAYS, like the signers'.
    clock.advance(30 * day + 60_000);
    expectGone(await new TestClient(context.app).get(pathIn(finished.text_body, 'copy')));
  });

  it('lets the viewer read the document while the flow is out, never sign, and ends the link with the flow', async () => {
    const owner = await sender();
    const name = `Luettava ${kind}`;
    const { id, to, viewerPath } = await sendWithRecipients(owner, name, 'en');
    const [viewerMail] = await mailsTo(db(), to.viewer);
    expect(viewerMail?.subject).toBe(`A document for you to read: ${name}`);
    const token = viewerPath.slice('/view/'.length);

    // Only the hash is kept.
    const row = await db()
      .selectFrom('sign_flow_recipients')
      .selectAll()
      .where('email', '=', to.viewer)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const browser = new TestClient(context.app, { remoteAddress: '127.0.0.9' });
    const task = await browser.get(`/api/view/${token}`);
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json()).toMatchObject({
      State: 'Open',
      FlowName: name,
      ViewerName: 'Katselija',
      Language: 'en',
      Document: { FileName: 'sopimus.pdf' },
    });
    const document = await browser.get(`/api/view/${token}/document`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    await browser.get(`/api/view/${token}`);

    // The viewer's token opens nothing of the signer's side.
    for (const call of ['code', 'identify', 'sign', 'reject'])
      expect(
        (await browser.post(`/api/sign/${token}/${call}`, { HaveRead: true, Comment: 'x' }))
          .statusCode,
        call,
      ).toBe(404);
    expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(404);
    expect((await browser.get(`/api/sign/${token}/document`)).statusCode).toBe(404);

    const detail = (await owner.get(`${flows}/${id}`)).json();
    expect(detail.Viewers[0].OpenedTimeUtc).not.toBeNull();
    const timeline = (await owner.get(`${flows}/${id}/events`)).json();
    expect(timeline.ChainIntact).toBe(true);
    const opened = timeline.Events.filter(
      (event: { Operation: string; Details: { recipientId?: string } }) =>
        event.Operation === 'Opened' && event.Details.recipientId === row.id,
    );
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ Actor: `Katselija <${to.viewer}>`, Ip: '127.0.0.9' });
    expect(
      timeline.Events.some(
        (event: { Operation: string; Details: { kind?: string } }) =>
          event.Operation === 'Mailed' && event.Details.kind === 'viewerInvitation',
      ),
    ).toBe(true);

    await signByAll(owner, id, to.signer);
    const ended = await browser.get(`/api/view/${token}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ State: 'Ended', Document: null, Attachments: [] });
    expect((await browser.get(`/api/view/${token}/document`)).statusCode).toBe(409);
    // A viewer gets no finished document.
    expect((await mailsTo(db(), to.viewer)).map((m) => m.subject)).toEqual([
      `A document for you to read: ${name}`,
    ]);
  });

  it('tells the viewer, with the same link, when the sender gives more time; the copy recipient hears nothing', async () => {
    const owner = await sender();
    const name = `Lisäaika ${kind}`;
    const { id, to, viewerPath } = await sendWithRecipients(owner, name, 'en');
    const current = (await owner.get(`${flows}/${id}`)).json().ExpiryDate as string;
    const later = new Date(Date.parse(`${current}T12:00:00Z`) + 10 * day)
      .toISOString()
      .slice(0, 10);
    const extended = await owner.post(`${flows}/${id}/expirydate`, { ExpiryDate: later });
    expect(extended.statusCode, extended.body).toBe(200);
    await runJobs();
    // The test's clock stands still, so both mails have one time: found by subject.
    const viewerMails = await mailsTo(db(), to.viewer);
    expect(viewerMails).toHaveLength(2);
    const notice = viewerMails.find((mail) => mail.subject === `More time to read: ${name}`);
    expect(notice).toBeDefined();
    const written = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
    expect(notice?.text_body).toContain(written.format(new Date(`${later}T12:00:00Z`)));
    expect(pathIn(notice?.text_body ?? '', 'view')).toBe(viewerPath);
    expect((await mailsTo(db(), to.copy)).map((m) => m.subject)).toHaveLength(1);
  });

  it('ends the viewer link when the flow is cancelled, and forgets it when the flow is deleted', async () => {
    const owner = await sender();
    const { id, viewerPath } = await sendWithRecipients(owner, `Peruttava ${kind}`);
    const token = viewerPath.slice('/view/'.length);
    expect((await new TestClient(context.app).get(`/api/view/${token}`)).json().State).toBe('Open');
    const cancelled = await owner.post(`${flows}/${id}/cancel`, { Comment: '' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().Viewers).toHaveLength(1);
    expect((await new TestClient(context.app).get(`/api/view/${token}`)).json().State).toBe(
      'Ended',
    );
    expect((await new TestClient(context.app).get(`/api/view/${token}/document`)).statusCode).toBe(
      409,
    );
    expect((await owner.delete(`${flows}/${id}`)).statusCode).toBe(204);
    expect((await new TestClient(context.app).get(`/api/view/${token}`)).statusCode).toBe(404);
    expect(
      await db()
        .selectFrom('sign_flow_recipients')
        .select('id')
        .where('flow_id', '=', id)
        .execute(),
    ).toEqual([]);
  });

  it("a personal-data query finds a copy recipient's row, flow and events, and a signer's does not show them", async () => {
    const owner = await sender();
    const name = `Henkilötiedot ${kind}`;
    const { to } = await sendWithRecipients(owner, name);
    const admin = new TestClient(context.app);
    await admin.login('admin@example.com', 'admin-demo');
    const query = async (email: string) => {
      const answer = await admin.post('/api/esign/Report/personal/service', {
        IdentifierType: 'Email',
        Identifier: email.toUpperCase(),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return parseCsv(answer.body);
    };
    const rows = await query(to.copy);
    expect(rows.filter((row) => row.Section === 'recipient')).toEqual([
      expect.objectContaining({ Email: to.copy, Role: 'copyRecipient', Name: 'Kopion Saaja' }),
    ]);
    expect(rows.filter((row) => row.Section === 'flow')).toEqual([
      expect.objectContaining({ Name: name, Role: 'recipient' }),
    ]);
    const mailed = rows.find((row) => row.Section === 'event' && row.Name === 'Mailed');
    expect(mailed?.Role).toBe('person');
    expect(mailed?.Detail).toContain(to.copy);
    // The signer's own data holds nothing of the copy recipient or the viewer.
    const signerRows = await query(to.signer);
    expect(JSON.stringify(signerRows)).not.toContain(to.copy);
    expect(JSON.stringify(signerRows)).not.toContain(to.viewer);
  });

  it('refuses forged viewer tokens and a copy token on the viewer page', async () => {
    for (const token of ['A'.repeat(43), 'x'])
      expect((await new TestClient(context.app).get(`/api/view/${token}`)).statusCode).toBe(404);
    expectGone(await new TestClient(context.app).get(`/copy/${'A'.repeat(43)}`));
  });
});
