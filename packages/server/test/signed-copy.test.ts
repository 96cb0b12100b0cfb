import { describe, expect, it } from 'vitest';
import { signedCopyToken } from '../src/signing/signing-links.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { copyPathIn, copySubject, expectGone, signingIn } from './support/signed-copy.ts';
import { mailsTo, pdfsigVerdicts, sendFlow } from './support/signing.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const day = 24 * 3_600_000;

describe.each(databaseKinds)('signers get what they signed, on %s', (kind) => {
  const clock = new MovableClock();
  const logLines: string[] = [];
  const context = useTestApp(
    kind,
    { JOB_WORKER: 'false', LOG_LEVEL: 'info', ...sessionsOutlastMovedClock },
    { clock, logStream: { write: (line: string) => void logLines.push(line) } },
  );
  const { db, runJobs, sender, signAll, copyMail } = signingIn(context);

  it('every signer gets the finished mail with a download link', async () => {
    const owner = await sender();
    const emails = [`kopio1.${kind}@example.com`, `kopio2.${kind}@example.com`];
    const name = `Kopio ${kind}`;
    const { id, tokens } = await signAll(owner, name, emails, false);
    // Everyone signed, the document is being finished: the page says so and offers nothing yet.
    const preparing = (await new TestClient(context.app).get(`/api/sign/${tokens[0]}`)).json();
    expect(preparing.SignedCopy).toEqual({ State: 'Preparing', Url: null, ExpiresAt: null });
    await runJobs();

    const paths: string[] = [];
    for (const [index, email] of emails.entries()) {
      const mail = await copyMail(email, name);
      expect(mail.text_body).toContain('Lataa allekirjoitettu asiakirja');
      expect(mail.text_body).toContain('Allekirjoitettu asiakirja on tämän viestin liitteenä.');
      const path = copyPathIn(mail.text_body);
      paths.push(path);
      // The signer's page shows the same link, with its end, without identification.
      const task = (await new TestClient(context.app).get(`/api/sign/${tokens[index]}`)).json();
      expect(task.State).toBe('Signed');
      expect(task.SignedCopy.State).toBe('Ready');
      expect(new URL(task.SignedCopy.Url).pathname).toBe(path);
      expect(Date.parse(task.SignedCopy.ExpiresAt)).toBe(clock.now().getTime() + 30 * day);
      const [attached] = JSON.parse(mail.attachments ?? '[]');
      expect(attached).toMatchObject({ fileName: 'sopimus.pdf', contentType: 'application/pdf' });
    }
    // A link of each signer's own; the sender's mail has none.
    expect(new Set(paths).size).toBe(2);
    const ownerMails = await mailsTo(db(), 'user@example.com');
    expect(ownerMails.some((mail) => mail.subject === copySubject(name))).toBe(false);
    expect((await owner.get(`${flows}/${id}/events`)).json().ChainIntact).toBe(true);
  });

  it('the signed-copy link downloads the signed PDF', async () => {
    const owner = await sender();
    const emails = [`lataa1.${kind}@example.com`, `lataa2.${kind}@example.com`];
    const name = `Lataus ${kind}`;
    const { id } = await signAll(owner, name, emails);
    const detail = (await owner.get(`${flows}/${id}`)).json();
    const ownersCopy = await owner.get(`${flows}/${id}/signedfile/${detail.SignedFile.Guid}`);
    for (const email of emails) {
      const download = await new TestClient(context.app).get(
        copyPathIn((await copyMail(email, name)).text_body),
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(download.rawPayload.equals(ownersCopy.rawPayload)).toBe(true);
      const poppler = pdfsigVerdicts(download.rawPayload);
      expect(poppler.valid, poppler.output).toBe(2);
    }
  });

  it('the signed-copy link stops working after SIGNED_COPY_DAYS', async () => {
    const owner = await sender();
    const email = `vanhenee.${kind}@example.com`;
    const name = `Vanheneva ${kind}`;
    const { tokens } = await signAll(owner, name, [email]);
    const path = copyPathIn((await copyMail(email, name)).text_body);
    clock.advance(30 * day - 60_000);
    expect((await new TestClient(context.app).get(path)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expectGone(await new TestClient(context.app).get(path));
    const task = (await new TestClient(context.app).get(`/api/sign/${tokens[0]}`)).json();
    expect(task.SignedCopy).toMatchObject({ State: 'Expired', Url: null });
    expect(JSON.stringify(task)).not.toContain('/signed/');
  });

  it('the signed-copy link stops working when the flow is deleted', async () => {
    const owner = await sender();
    const email = `poistettu.${kind}@example.com`;
    const name = `Poistettava ${kind}`;
    const { id } = await signAll(owner, name, [email]);
    const path = copyPathIn((await copyMail(email, name)).text_body);
    expect((await new TestClient(context.app).get(path)).statusCode).toBe(200);
    expect((await owner.delete(`${flows}/${id}`)).statusCode).toBe(204);
    expectGone(await new TestClient(context.app).get(path));
  });

  it("a forged or other signer's token is 404", async () => {
    const owner = await sender();
    const email = `aito.${kind}@example.com`;
    const waiting = `odottaa.${kind}@example.com`;
    const name = `Väärennys ${kind}`;
    const { tokens } = await signAll(owner, name, [email]);
    const path = copyPathIn((await copyMail(email, name)).text_body);
    // A flow not finished yet: its signer's token, rightly derived, opens nothing.
    await sendFlow(owner, {
      name: `${name} kesken`,
      signers: [{ Name: 'Odottaja', Email: waiting }],
    });
    await runJobs();
    const unfinished = await db()
      .selectFrom('sign_flow_signers')
      .select(['id', 'token_salt'])
      .where('email', '=', waiting)
      .executeTakeFirstOrThrow();
    const early = signedCopyToken(
      context.config.sessionSecret,
      unfinished.id,
      unfinished.token_salt ?? '',
    );
    const before = await db().selectFrom('audit_events').select('id').execute();
    for (const token of [
      'A'.repeat(43),
      path.slice('/signed/'.length, -1) + (path.endsWith('A') ? 'B' : 'A'),
      tokens[0] ?? '', // the signing link's token is not the copy's
      early,
      'x',
    ])
      expectGone(await new TestClient(context.app).get(`/signed/${token}`));
    // Nothing was downloaded, so nothing was recorded.
    expect(await db().selectFrom('audit_events').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('each download is audited', async () => {
    const owner = await sender();
    const emails = [`kirjattu1.${kind}@example.com`, `kirjattu2.${kind}@example.com`];
    const name = `Kirjattu ${kind}`;
    const { id } = await signAll(owner, name, emails);
    const [first, second] = await Promise.all(
      emails.map(async (email) => copyPathIn((await copyMail(email, name)).text_body)),
    );
    const browser = new TestClient(context.app, { remoteAddress: '127.0.0.7' });
    for (const path of [first, first, second])
      expect((await browser.get(path ?? '')).statusCode).toBe(200);
    const timeline = (await owner.get(`${flows}/${id}/events`)).json();
    expect(timeline.ChainIntact).toBe(true);
    const downloads = timeline.Events.filter(
      (event: { Operation: string }) => event.Operation === 'Downloaded',
    );
    expect(downloads.map((event: { Actor: string }) => event.Actor)).toEqual([
      `Allekirjoittaja 1 <${emails[0]}>`,
      `Allekirjoittaja 1 <${emails[0]}>`,
      `Allekirjoittaja 2 <${emails[1]}>`,
    ]);
    for (const event of downloads) {
      expect(event.Ip).toBe('127.0.0.7');
      expect(event.Details).toMatchObject({ kind: 'signedfile', link: 'signedCopy' });
    }
    const mailed = timeline.Events.filter(
      (event: { Operation: string; Details: { kind?: string } }) =>
        event.Operation === 'Mailed' && event.Details.kind === 'signedCopy',
    );
    expect(mailed.map((event: { Details: { to: string } }) => event.Details.to).sort()).toEqual(
      [...emails].sort(),
    );
  });

  it('the token is not in the log', async () => {
    const owner = await sender();
    const email = `loki.${kind}@example.com`;
    const name = `Loki ${kind}`;
    await signAll(owner, name, [email]);
    const path = copyPathIn((await copyMail(email, name)).text_body);
    const token = path.slice('/signed/'.length);
    logLines.length = 0;
    expect((await new TestClient(context.app).get(path)).statusCode).toBe(200);
    expectGone(await new TestClient(context.app).get(`/signed/${'B'.repeat(43)}`));
    expect(logLines.some((line) => line.includes('"url":"/signed/[redacted]"'))).toBe(true);
    expect(
      logLines.filter((line) => line.includes(token) || line.includes('B'.repeat(43))),
    ).toEqual([]);
  });
});
