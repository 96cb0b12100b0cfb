import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { useClockedApp } from './support/clocked-app.ts';
import { databaseKinds } from './support/databases.ts';
import { mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';

const flows = '/api/esign/SignFlows';
const hour = 3_600_000;

describe.each(databaseKinds)('the sender reminds a pending signer now on %s', (kind) => {
  const app = useClockedApp(kind);
  const { clock, context, db, runJobs, signerIdOf } = app;
  const reminders = async (email: string) =>
    (await mailsTo(db(), email)).filter((mail) => /^Muistutus/.test(mail.subject));

  async function sentFlow(label: string) {
    const owner = await app.sender();
    const first = `${label}.eka.${kind}@example.com`;
    const second = `${label}.toka.${kind}@example.com`;
    const flowId = await sendFlow(owner, {
      process: 'Sequential',
      signers: [
        { Name: 'Eka Allekirjoittaja', Email: first },
        { Name: 'Toka Allekirjoittaja', Email: second },
      ],
    });
    await runJobs();
    return { owner, flowId, first, second };
  }

  it('mails the reminder with the signer’s own link, audits it, and refuses another within an hour', async () => {
    const { owner, flowId, first } = await sentFlow('muistutus');
    const signerId = await signerIdOf(first);
    const remind = `${flows}/${flowId}/${signerId}/remind`;
    const invitation = (await mailsTo(db(), first))[0];
    const token = signingTokenIn(invitation?.text_body ?? '');

    expect((await owner.request({ method: 'POST', url: remind, xsrf: false })).statusCode).toBe(
      403,
    );
    const stranger = new TestClient(context.app);
    await stranger.login('user2@example.com', 'user2-demo');
    expect((await stranger.post(remind)).statusCode).toBe(404);
    expect(await reminders(first)).toHaveLength(0);

    const reminded = await owner.post(remind);
    expect(reminded.statusCode, reminded.body).toBe(204);
    await runJobs();
    const mails = await reminders(first);
    expect(mails).toHaveLength(1);
    expect(signingTokenIn(mails[0]?.text_body ?? '')).toBe(token);
    const event = await db()
      .selectFrom('audit_events')
      .selectAll()
      .where('flow_id', '=', flowId)
      .where('operation', '=', 'Reminded')
      .executeTakeFirstOrThrow();
    expect(event.actor).toBe('user@example.com');
    expect(JSON.parse(event.details)).toEqual({ signerId, to: first });
    const detail = (await owner.get(`${flows}/${flowId}`)).json();
    expect(Date.parse(detail.Signers[0].RemindedTimeUtc)).toBe(clock.now().getTime());
    expect(detail.Signers[0].InvitedTimeUtc).not.toBeNull();

    clock.advance(hour - 1_000);
    const early = await owner.post(remind);
    expect(early.statusCode).toBe(429);
    expect(early.json().key).toBe('signing.errors.remindedRecently');
    await runJobs();
    expect(await reminders(first)).toHaveLength(1);

    clock.advance(1_000);
    expect((await owner.post(remind)).statusCode).toBe(204);
    await runJobs();
    expect(await reminders(first)).toHaveLength(2);
  });

  it('reminds once when asked twice at the same moment', async () => {
    const { owner, flowId, first } = await sentFlow('kahdesti');
    const remind = `${flows}/${flowId}/${await signerIdOf(first)}/remind`;
    const answers = await Promise.all([owner.post(remind), owner.post(remind)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 429]);
    await runJobs();
    expect(await reminders(first)).toHaveLength(1);
  });

  it('answers 409 with the flow’s state for a signer not yet invited or a flow that has ended', async () => {
    const { owner, flowId, first, second } = await sentFlow('ei-viela');
    const notInvited = await owner.post(`${flows}/${flowId}/${await signerIdOf(second)}/remind`);
    expect(notInvited.statusCode).toBe(409);
    expect(notInvited.json().current.Status).toBe('Sent');
    const cancelled = await owner.post(`${flows}/${flowId}/cancel`, { Comment: 'Väärä tiedosto' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const ended = await owner.post(`${flows}/${flowId}/${await signerIdOf(first)}/remind`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().current.Status).toBe('Cancelled');
    const unknown = `${flows}/${flowId}/00000000-0000-4000-8000-000000000000/remind`;
    expect((await owner.post(unknown)).statusCode).toBe(404);
    expect(await reminders(first)).toHaveLength(0);
  });
});
