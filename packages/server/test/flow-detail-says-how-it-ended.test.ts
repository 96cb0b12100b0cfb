import { describe, expect, it } from 'vitest';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { useClockedApp } from './support/clocked-app.ts';
import { databaseKinds } from './support/databases.ts';
import { identifyWithCode, sendFlow } from './support/signing.ts';

const flows = '/api/esign/SignFlows';
const day = 24 * 3_600_000;

describe.each(databaseKinds)('the flow detail says how a flow ended on %s', (kind) => {
  const app = useClockedApp(kind);
  const { clock, context, db, runJobs } = app;

  async function sentFlow(label: string) {
    const owner = await app.sender();
    const signed = `${label}.allekirjoitti.${kind}@example.com`;
    const pending = `${label}.odottaa.${kind}@example.com`;
    const flowId = await sendFlow(owner, {
      process: 'Concurrent',
      signers: [
        { Name: 'Allekirjoittanut', Email: signed },
        { Name: 'Odottava', Email: pending },
      ],
    });
    await runJobs();
    const token = await app.invitationToken(signed);
    const browser = await identifyWithCode(context.app, db(), runJobs, token, signed);
    const done = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(done.statusCode, done.body).toBe(200);
    return { owner, flowId };
  }

  it('names who cancelled a flow, and gives each signer’s level and invitation', async () => {
    const { owner, flowId } = await sentFlow('peruttu');
    const sent = (await owner.get(`${flows}/${flowId}`)).json();
    expect(sent).toMatchObject({ CancelledBy: null, ExpiredTimeUtc: null });
    expect(sent.Signers[0]).toMatchObject({ Status: 'Signed', SignatureLevel: 'Low' });
    expect(sent.Signers[0].InvitedTimeUtc).not.toBeNull();
    expect(sent.Signers[1]).toMatchObject({ Status: 'Unsigned', SignatureLevel: null });

    const cancelled = await owner.post(`${flows}/${flowId}/cancel`, { Comment: 'Väärä versio' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { display_name: name } = await db()
      .selectFrom('users')
      .select('display_name')
      .where('email', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    const detail = (await owner.get(`${flows}/${flowId}`)).json();
    expect(detail).toMatchObject({
      Status: 'Cancelled',
      CancelledBy: name,
      ExpiredTimeUtc: null,
      CancellationComment: 'Väärä versio',
    });
  });

  it('says when a flow expired at its deadline, and names no one as cancelling it', async () => {
    const { owner, flowId } = await sentFlow('vanheni');
    clock.advance(31 * day);
    await enqueueJob(db(), { kind: signingJobs.expire, payload: null }, clock.now());
    await runJobs();
    const detail = (await owner.get(`${flows}/${flowId}`)).json();
    expect(detail).toMatchObject({ Status: 'Cancelled', CancelledBy: null });
    expect(Date.parse(detail.ExpiredTimeUtc)).toBe(clock.now().getTime());
  });
});
