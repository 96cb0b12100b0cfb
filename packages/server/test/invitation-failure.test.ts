import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '../src/time/clock.ts';
import { invitationAttempts } from '../src/signing/signing.jobs.ts';
import { TestClient } from './support/client.ts';
import { freePort } from './support/node-process.ts';
import { sendFlow } from './support/signing.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const hour = 3_600_000;

describe('an invitation that cannot be mailed', () => {
  const clock = new MovableClock(new Date('2026-05-04T07:00:00Z'));
  // The SMTP server's port is chosen before the app is built; nothing listens there yet.
  const env: Record<string, string> = { JOB_WORKER: 'false', ...sessionsOutlastMovedClock };
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
  });
  const context = useTestApp('sqlite', env, { clock });
  afterAll(async () => smtp?.close());
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();

  it('fails the flow visibly after its last retry, tells the sender, and goes out again at the status check', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const signers = [
      { Name: 'Kaisa Kutsuttava', Email: 'kaisa@example.fi' },
      { Name: 'Lauri Kutsuttava', Email: 'lauri@example.fi' },
    ];
    const id = await sendFlow(owner, { process: 'Concurrent', signers });
    for (let attempt = 1; attempt <= invitationAttempts; attempt += 1) {
      const detail = (await owner.get(`${flows}/${id}`)).json();
      expect(detail.Status, `before attempt ${attempt}`).toBe('Sent');
      await runJobs();
      clock.advance(hour);
    }
    const failed = (await owner.get(`${flows}/${id}`)).json();
    expect(failed).toMatchObject({ Status: 'Error', SignFlowDetailsStatus: 'Failed' });
    expect(failed.FailureReason).toMatch(/^The invitation to (kaisa|lauri)@example\.fi could not/);
    expect(failed.FailureReason).toMatch(/ECONNREFUSED/);
    // The sender's notice waits in the queue for the mail server like any mail.
    const queued = await db().selectFrom('jobs').select(['kind', 'payload']).execute();
    expect(
      queued.some(
        (job) => job.payload.includes('"template":"failed"') && job.payload.includes('user@'),
      ),
    ).toBe(true);

    // The mail server is back; the sender's check sends the flow out again.
    smtp = await startSmtpServer(Number(new URL(env.SMTP_URL ?? '').port));
    const checked = (await owner.get(`${flows}/${id}/check`)).json();
    expect(checked).toMatchObject({ Status: 'Sent', SignFlowDetailsStatus: 'Started' });
    expect(checked.FailureReason).toBeNull();
    await runJobs();
    clock.advance(hour);
    await runJobs();
    const invited = smtp.received.filter((mail) => /\/sign\//.test(mail.text));
    expect(invited.flatMap((mail) => mail.to).sort()).toEqual([
      'kaisa@example.fi',
      'lauri@example.fi',
    ]);
    expect(smtp.received.some((mail) => mail.to.includes('user@example.com'))).toBe(true);
    const timeline = (await owner.get(`${flows}/${id}/events`)).json();
    const operations = timeline.Events.map((event: { Operation: string }) => event.Operation);
    expect(operations).toEqual(['Sent', 'Failed', 'Resumed', 'Mailed', 'Mailed']);
    expect(timeline.ChainIntact).toBe(true);
  });
});
