import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { MovableClock } from '../src/time/clock.ts';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { identifyWithCode, mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';

/** The value of one series in Prometheus's text format; 0 when it is absent. */
function valueOf(exposition: string, series: string): number {
  const line = exposition.split('\n').find((text) => text.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(databaseKinds)('Prometheus metrics on %s', (kind) => {
  const clock = new MovableClock(new Date('2026-03-02T10:00:00Z'));
  const context = useTestApp(kind, { JOB_WORKER: 'false' }, { clock });
  const db = () => context.database.handle.db;
  const scrape = async () => {
    const response = await context.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('labels requests with the route template, never the ids or tokens of the URL', async () => {
    const guid = randomUUID();
    const token = randomBytes(32).toString('base64url');
    await context.app.inject({ url: `/api/esign/SignFlows/${guid}` });
    await context.app.inject({ url: `/api/sign/${token}` });
    await context.app.inject({ url: `/esign/edit/${guid}` });
    await context.app.inject({ url: '/healthz' });
    await context.app.inject({ url: '/assets/app-1234.js' });
    const body = await scrape();
    const flowSeries = 'method="GET",route="/api/esign/SignFlows/:guid",status_class="4xx"';
    expect(valueOf(body, `http_requests_total{${flowSeries}}`)).toBe(1);
    expect(body).toContain('route="/api/sign/:token"');
    expect(body).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET"/);
    expect(
      valueOf(body, 'http_requests_total{method="GET",route="/healthz",status_class="2xx"}'),
    ).toBe(1);
    // The history fallback answers the web app's deep link without a route of its own.
    expect(body).toContain('route="unmatched",status_class="2xx"');
    expect(body).toContain('route="/*",status_class="2xx"');
    expect(body).not.toContain(guid);
    expect(body).not.toContain(token);
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_heap_size_used_bytes');
  });

  it('shows the job queue: waiting, due, failed and the age of the oldest due job', async () => {
    const now = clock.now();
    const before = await scrape();
    const depth = (body: string, state: string) =>
      valueOf(body, `esign_job_queue_depth{state="${state}"}`);
    const job = (minutes: number, dedupeKey: string) =>
      enqueueJob(
        db(),
        {
          kind: 'metrics.test',
          payload: null,
          dedupeKey,
          runAt: new Date(+now + minutes * 60_000),
        },
        now,
      );
    await job(-60, 'metrics:late');
    await job(-5, 'metrics:due');
    await job(30, 'metrics:later');
    await job(-1, 'metrics:failed');
    await db()
      .updateTable('jobs')
      .set({ failed_at: now.toISOString() })
      .where('dedupe_key', '=', 'metrics:failed')
      .execute();

    const after = await scrape();
    expect(depth(after, 'waiting') - depth(before, 'waiting')).toBe(3);
    expect(depth(after, 'due') - depth(before, 'due')).toBe(2);
    expect(depth(after, 'failed') - depth(before, 'failed')).toBe(1);
    expect(valueOf(after, 'esign_job_queue_oldest_due_age_seconds')).toBe(3600);

    await db().deleteFrom('jobs').where('kind', '=', 'metrics.test').execute();
    const emptied = await scrape();
    expect(depth(emptied, 'due')).toBe(depth(before, 'due'));
  });

  it('counts a signature under its level once it is recorded', async () => {
    const signatures = (body: string) => valueOf(body, 'esign_signatures_total{level="Low"}');
    const before = await scrape();
    expect(before).toContain('esign_signatures_total{level="Qualified"}');
    const sender = new TestClient(context.app);
    await sender.login('user@example.com', 'user-demo');
    const email = `metrics.${kind}@example.com`;
    await sendFlow(sender, { signers: [{ Name: 'Mirja Mittari', Email: email }] });
    const runJobs = () => context.app.jobWorker.runDue();
    await runJobs();
    const invitation = (await mailsTo(db(), email)).find((mail) => /\/sign\//.test(mail.text_body));
    const token = signingTokenIn(invitation?.text_body ?? '');
    const signer = await identifyWithCode(context.app, db(), runJobs, token, email);
    const signed = await signer.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);

    const after = await scrape();
    expect(signatures(after) - signatures(before)).toBe(1);
    expect(after).not.toContain(token);
  });
});

describe('a scrape with METRICS_TOKEN set', () => {
  const metricsToken = 'scrape-token-0123456789';
  const context = useTestApp('sqlite', { METRICS_TOKEN: metricsToken });
  const scrape = (authorization?: string) =>
    context.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is refused without the bearer token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', metricsToken]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('is answered with the bearer token', async () => {
    const response = await scrape(`Bearer ${metricsToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('esign_job_queue_depth');
  });

  it('does not start with a token too short to be a secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('with METRICS_ENABLED=false', () => {
  const context = useTestApp('sqlite', { METRICS_ENABLED: 'false' });

  it('answers /metrics with the JSON 404, not the metrics nor the web app', async () => {
    const response = await context.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ key: 'errors.notFound' });
  });
});
