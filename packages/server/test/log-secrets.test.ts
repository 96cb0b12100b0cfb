import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TestClient } from './support/client.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { mailsTo, requestCode, sendFlow, signingTokenIn } from './support/signing.ts';
import { createWebDist } from './support/test-app.ts';

/** Every string anywhere in a log line: messages, URLs, error texts and stacks. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('the request log of a whole signing, at the default level', () => {
  const lines: string[] = [];
  const requested: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await migrateToLatest(database.handle);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      WEB_DIST_DIR: createWebDist(),
      JOB_WORKER: 'false',
    });
    expect(config.logLevel).toBe('info');
    app = await buildApp({
      config,
      database: database.handle,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    // What the browsers really asked for, to know every secret the run used.
    app.addHook('onRequest', async (request) => void requested.push(request.url));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('never holds a signing-link or inspector token, a login code or state, or a one-time code', async () => {
    const db = database.handle.db;
    const runJobs = () => app.jobWorker.runDue();
    const sender = new TestClient(app);
    await sender.login('user@example.com', 'user-demo');
    const signer = 'anna@example.com';
    const inspector = 'tarkastaja@example.com';
    await sendFlow(sender, { signers: [{ Name: 'Anna', Email: signer }], inspector });
    await runJobs();
    const token = signingTokenIn((await mailsTo(db, signer))[0]?.text_body ?? '');

    // The signer opens the page of their link, asks for a code, enters it and signs.
    expect((await new TestClient(app).get(`/sign/${token}`)).statusCode).toBe(200);
    const { browser, code } = await requestCode(app, db, runJobs, token, signer);
    const verified = await browser.post(`/api/sign/${token}/code/verify`, { Code: code });
    expect(verified.statusCode, verified.body).toBe(200);
    const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await runJobs();

    // The inspector downloads the finished file with their read-only link.
    const inspectorMail = (await mailsTo(db, inspector))[0]?.text_body ?? '';
    const inspectorPath = /https?:\/\/[^/\s]+(\/api\/inspect\/\S+)/.exec(inspectorMail)?.[1];
    expect(inspectorPath).toBeDefined();
    expect((await new TestClient(app).get(inspectorPath ?? '')).statusCode).toBe(200);

    const secrets = new Map<string, string>([[code, 'one-time code']]);
    for (const url of requested) {
      const parsed = new URL(url, 'http://portal.invalid');
      // The state the portal sends to /idp/auth comes back on the callback: one secret.
      for (const name of ['code', 'state']) {
        const value = parsed.searchParams.get(name);
        if (value) secrets.set(value, `OpenID Connect ${name} in ${parsed.pathname}`);
      }
      const link = /^\/(?:api\/)?sign\/([A-Za-z0-9_-]{20,})/.exec(parsed.pathname)?.[1];
      if (link) secrets.set(link, 'signing-link token');
      const inspection = /^\/api\/inspect\/[^/]+\/([^/]+)$/.exec(parsed.pathname)?.[1];
      if (inspection) secrets.set(inspection, 'inspector token');
    }
    for (const [name, value] of [...sender.cookies, ...browser.cookies])
      if (name === 'esign_session' || name === 'esign_signer') secrets.set(value, `${name} cookie`);
    // The run used each kind of secret, so the search below can find it if it leaked.
    expect(new Set(secrets.values())).toEqual(
      new Set([
        'one-time code',
        'OpenID Connect code in /api/esign/Users/callback',
        'OpenID Connect state in /api/esign/Users/callback',
        'signing-link token',
        'inspector token',
        'esign_session cookie',
        'esign_signer cookie',
      ]),
    );

    const leaks: string[] = [];
    for (const line of lines) {
      const text = stringsOf(JSON.parse(line)).join('\n');
      for (const [secret, what] of secrets)
        if (text.includes(secret)) leaks.push(`${what}: ${line}`);
    }
    expect(leaks).toEqual([]);
    // The log still says which call each line was about.
    expect(lines.some((line) => line.includes('"url":"/api/sign/[redacted]/sign"'))).toBe(true);
    expect(lines.some((line) => line.includes('/api/esign/Users/callback?code=[redacted]'))).toBe(
      true,
    );
  });
});
