import { codeMaxFailures, codeMaxSent, codeResendWaitSeconds } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useClockedApp } from './support/clocked-app.ts';
import { codeIn, mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';

const flows = '/api/esign/SignFlows';
const locked = 'signing.errors.linkLocked';

describe.each(databaseKinds)('e-mail codes over a flow’s life on %s', (kind) => {
  const app = useClockedApp(kind);
  const { clock, context, db, runJobs } = app;

  /** A sent flow with one Low signer: the sender's browser, the signer's id, link and browser. */
  async function flowWithSigner(label: string) {
    const owner = await app.sender();
    const email = `${label}.${kind}@example.com`;
    const flowId = await sendFlow(owner, { signers: [{ Name: 'Arvaaja Testinen', Email: email }] });
    await runJobs();
    const token = await app.invitationToken(email);
    const signerId = await app.signerIdOf(email);
    const signer = new TestClient(context.app);
    expect((await signer.get(`/api/sign/${token}`)).statusCode).toBe(200);
    return { owner, email, flowId, token, signerId, signer };
  }

  /** Asks for a code (after waiting as long as the portal asks) and answers it from the mail. */
  async function nextCode(signer: TestClient, token: string, email: string) {
    const task = (await signer.get(`/api/sign/${token}`)).json<{ NextCodeInSeconds: number }>();
    clock.advance(task.NextCodeInSeconds * 1000);
    const before = new Set((await mailsTo(db(), email)).map((mail) => mail.id));
    const sent = await signer.post(`/api/sign/${token}/code`);
    expect(sent.statusCode, sent.body).toBe(200);
    await runJobs();
    const fresh = (await mailsTo(db(), email)).filter((mail) => !before.has(mail.id));
    expect(fresh).toHaveLength(1);
    return codeIn(fresh[0]?.text_body ?? '');
  }

  const wrongFor = (code: string, n: number) =>
    String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
  const verify = (signer: TestClient, token: string, code: string) =>
    signer.post(`/api/sign/${token}/code/verify`, { Code: code });
  const mailsAbout = async (address: string, subject: RegExp) =>
    (await mailsTo(db(), address)).filter((mail) => subject.test(mail.subject));

  it('makes a signer wait longer before each new code: 30 s, then 1 min, then 2 min', async () => {
    const { token, signer } = await flowWithSigner('waits');
    const first = await signer.post(`/api/sign/${token}/code`);
    expect(first.json().NextCodeInSeconds).toBe(30);
    const early = await signer.post(`/api/sign/${token}/code`);
    expect(early.statusCode).toBe(429);
    expect(early.json().key).toBe('signing.errors.codeWait');
    expect((await signer.get(`/api/sign/${token}`)).json().NextCodeInSeconds).toBe(30);
    clock.advance(30_000);
    const second = await signer.post(`/api/sign/${token}/code`);
    expect(second.statusCode).toBe(200);
    expect(second.json().NextCodeInSeconds).toBe(60);
    clock.advance(59_000);
    expect((await signer.post(`/api/sign/${token}/code`)).statusCode).toBe(429);
    clock.advance(1_000);
    const third = await signer.post(`/api/sign/${token}/code`);
    expect(third.json().NextCodeInSeconds).toBe(codeResendWaitSeconds(3));
    expect(codeResendWaitSeconds(3)).toBe(120);
  });

  it('locks the link when a guesser enters twenty wrong codes, tells the sender, and the sender unlocks it', async () => {
    const { owner, email, flowId, token, signerId, signer } = await flowWithSigner('guesser');
    const keys: string[] = [];
    for (let round = 0; round < codeMaxFailures / 5; round += 1) {
      const code = await nextCode(signer, token, email);
      for (let n = 0; n < 5; n += 1)
        keys.push((await verify(signer, token, wrongFor(code, n))).json().key);
    }
    expect(keys.at(-1)).toBe(locked);
    expect(keys.filter((key) => key === locked)).toHaveLength(1);
    // Locked: no code is sent or accepted, and the signer's page says so.
    const task = (await signer.get(`/api/sign/${token}`)).json();
    expect(task.LinkLocked).toBe(true);
    const refused = await signer.post(`/api/sign/${token}/code`);
    expect([refused.statusCode, refused.json().key]).toEqual([403, locked]);
    await runJobs();
    const told = await mailsAbout('user@example.com', /Allekirjoituslinkki lukittu/);
    expect(told).toHaveLength(1);
    expect(told[0]?.text_body).toContain(email);
    expect(told[0]?.text_body).toContain(`/esign/edit/${flowId}`);
    const shown = (await owner.get(`${flows}/${flowId}`)).json();
    expect(shown.Signers[0].LinkLocked).toBe(true);

    const unlock = `${flows}/${flowId}/${signerId}/unlock`;
    expect((await owner.request({ method: 'POST', url: unlock, xsrf: false })).statusCode).toBe(
      403,
    );
    const stranger = new TestClient(context.app);
    await stranger.login('user2@example.com', 'user2-demo');
    expect((await stranger.post(unlock)).statusCode).toBe(404);
    expect((await signer.get(`/api/sign/${token}`)).json().LinkLocked).toBe(true);

    const seen = new Set((await mailsTo(db(), email)).map((mail) => mail.id));
    expect((await owner.post(unlock)).statusCode).toBe(204);
    await runJobs();
    const again = (await mailsTo(db(), email)).filter((mail) => !seen.has(mail.id));
    expect(again).toHaveLength(1);
    expect(signingTokenIn(again[0]?.text_body ?? '')).toBe(token);
    expect((await owner.get(`${flows}/${flowId}`)).json().Signers[0].LinkLocked).toBe(false);
    const second = await owner.post(unlock);
    expect(second.statusCode).toBe(409);
    expect(second.json().current.Status).toBe('Sent');

    const opened = await signer.get(`/api/sign/${token}`);
    expect(opened.json()).toMatchObject({ LinkLocked: false, NextCodeInSeconds: 0 });
    const code = await nextCode(signer, token, email);
    expect((await verify(signer, token, code)).statusCode).toBe(200);
    const events = await db()
      .selectFrom('audit_events')
      .select('operation')
      .where('signer_id', '=', signerId)
      .where('operation', 'in', ['Link Locked', 'Link Unlocked'])
      .orderBy('occurred_at')
      .execute();
    expect(events.map((event) => event.operation)).toEqual(['Link Locked', 'Link Unlocked']);
  });

  it('locks the link when an eleventh code is asked for, telling the sender once', async () => {
    const { email, flowId, token, signer } = await flowWithSigner('asker');
    for (let n = 0; n < codeMaxSent; n += 1) await nextCode(signer, token, email);
    const waited = (await signer.get(`/api/sign/${token}`)).json().NextCodeInSeconds as number;
    clock.advance(waited * 1000);
    for (let n = 0; n < 3; n += 1) {
      const refused = await signer.post(`/api/sign/${token}/code`);
      expect([refused.statusCode, refused.json().key]).toEqual([403, locked]);
    }
    await runJobs();
    const told = await mailsAbout('user@example.com', /Allekirjoituslinkki lukittu/);
    expect(told.filter((mail) => mail.text_body.includes(flowId))).toHaveLength(1);
    // The lock stops the tenth code, still unused, working too.
    expect((await verify(signer, token, '123456')).json().key).toBe(locked);
  });

  it('counts wrong codes guessed side by side against the link too: never more than twenty', async () => {
    const { email, token, signerId, signer } = await flowWithSigner('parallel');
    for (let round = 0; round < 3; round += 1) {
      const code = await nextCode(signer, token, email);
      for (let n = 0; n < 5; n += 1) await verify(signer, token, wrongFor(code, n));
    }
    const code = await nextCode(signer, token, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => verify(signer, token, wrongFor(code, n))),
    );
    expect(answers.some((answer) => answer.json().key === locked)).toBe(true);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    const row = await db()
      .selectFrom('sign_flow_signers')
      .select(['code_failures', 'code_locked_at'])
      .where('id', '=', signerId)
      .executeTakeFirstOrThrow();
    expect(Number(row.code_failures)).toBe(codeMaxFailures);
    expect(row.code_locked_at).not.toBeNull();
  });

  it('does not count a right code as a wrong try', async () => {
    const { email, token, signerId, signer } = await flowWithSigner('right');
    const code = await nextCode(signer, token, email);
    await verify(signer, token, wrongFor(code, 0));
    expect((await verify(signer, token, code)).statusCode).toBe(200);
    const row = await db()
      .selectFrom('sign_flow_signers')
      .select('code_failures')
      .where('id', '=', signerId)
      .executeTakeFirstOrThrow();
    expect(Number(row.code_failures)).toBe(1);
  });

  it('refuses to unlock a link that is not locked, or once the flow has ended', async () => {
    const { owner, flowId, signerId } = await flowWithSigner('ended');
    const unlock = `${flows}/${flowId}/${signerId}/unlock`;
    expect((await owner.post(unlock)).statusCode).toBe(409);
    const cancelled = await owner.post(`${flows}/${flowId}/cancel`, { Comment: 'Virhe' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await owner.post(unlock);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().current.Status).toBe('Cancelled');
    const otherFlowSigner = `${flows}/${flowId}/00000000-0000-4000-8000-000000000000/unlock`;
    expect((await owner.post(otherFlowSigner)).statusCode).toBe(404);
  });
});
