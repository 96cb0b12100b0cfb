import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ensureFirstAdministrator } from '../src/idp/accounts.service.ts';
import { ConfigError } from '../src/config/config-error.ts';
import { loadConfig } from '../src/config/env.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { createWebDist, useTestApp } from './support/test-app.ts';

const productionEnv = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-session-secret-of-enough-length',
} as const;

interface LogLine {
  level: number;
  msg: string;
}

/**
 * Captures what the server logs to standard output. Pino writes to process.stdout itself
 * (instead of straight to file descriptor 1) once process.stdout.write has been replaced.
 */
function captureLog() {
  const spy: MockInstance = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  return {
    lines(): LogLine[] {
      return spy.mock.calls
        .map(([chunk]) => String(chunk))
        .flatMap((text) => text.split('\n'))
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);
    },
    stop: () => spy.mockRestore(),
  };
}
const warnLevel = 40;
const passwordNotices = (lines: LogLine[]) =>
  lines.filter((line) => line.msg.includes('one-time password'));

describe('the production profile without a login method', () => {
  it('refuses to start, naming the options that would provide one', () => {
    const load = () =>
      loadConfig({ ...productionEnv, DATA_DIR: mkdtempSync(join(tmpdir(), 'esign-')) });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/OIDC_ISSUER.*SAML_ENTRY_POINT.*BUILTIN_IDP=true/);
  });

  it('starts with the built-in provider only when BUILTIN_IDP=true, and without the demo', () => {
    const config = loadConfig({
      ...productionEnv,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'esign-')),
      BUILTIN_IDP: 'true',
    });
    expect(config.login).toEqual({ kind: 'builtin' });
    expect(config.demo).toBe(false);
  });
});

describe.each(databaseKinds)('the production profile with the built-in provider on %s', (kind) => {
  const env = { ...productionEnv, BUILTIN_IDP: 'true', LOG_LEVEL: 'warn' };
  let log: ReturnType<typeof captureLog>;
  let firstStartLog: LogLine[] = [];
  // Registered around useTestApp's own beforeAll, so that they enclose the first start.
  beforeAll(() => {
    log = captureLog();
  });
  const context = useTestApp(kind, env);
  beforeAll(() => {
    firstStartLog = log.lines();
    log.stop();
  });
  afterAll(() => log.stop()); // also when the start itself failed
  const db = () => context.database.handle.db;
  const oneTimePassword = () => {
    const notice = passwordNotices(firstStartLog)[0]?.msg ?? '';
    return /one-time password (\S+)/.exec(notice)?.[1] ?? '';
  };

  it('creates exactly one account, admin@localhost, on the first start', async () => {
    const accounts = await db().selectFrom('local_accounts').select('email').execute();
    expect(accounts).toEqual([{ email: 'admin@localhost' }]);
  });

  it('logs its one-time password once, at warn level', () => {
    const notices = passwordNotices(firstStartLog);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.level).toBe(warnLevel);
    expect(notices[0]?.msg).toContain('admin@localhost');
    expect(oneTimePassword()).toMatch(/^[\w-]{20}$/);
  });

  it('neither creates another administrator nor logs a password on a later start', async () => {
    const laterLog = captureLog();
    try {
      const config = loadConfig({
        ...env,
        DATA_DIR: context.database.dataDir,
        WEB_DIST_DIR: createWebDist(),
      });
      const app = await buildApp({ config, database: context.database.handle });
      await app.ready();
      await app.close();
    } finally {
      laterLog.stop();
    }
    expect(passwordNotices(laterLog.lines())).toEqual([]);
    expect(await ensureFirstAdministrator(db(), '', new Date())).toBeNull();
    expect(await db().selectFrom('local_accounts').select('email').execute()).toEqual([
      { email: 'admin@localhost' },
    ]);
  });

  it('offers no demo accounts on the login form, and the demo user cannot log in', async () => {
    const browser = new TestClient(context.app);
    await browser.follow(await browser.get('/api/esign/Users/ExternalLogin?r=/'));
    const details = await browser.get(`${browser.lastLocation}/details`);
    expect(details.json()).toEqual({ demoAccounts: [] });

    const { submitted } = await new TestClient(context.app).login('user@example.com', 'user-demo');
    expect(submitted.statusCode).toBe(401);
    const demoUser = await db()
      .selectFrom('local_accounts')
      .select('id')
      .where('email', '=', 'user@example.com')
      .executeTakeFirst();
    expect(demoUser).toBeUndefined();
  });

  it('lets admin@localhost log in with the logged password, as an administrator', async () => {
    const browser = new TestClient(context.app);
    const { final } = await browser.login('admin@localhost', oneTimePassword(), '/settings');
    expect(final.statusCode).toBe(303);
    expect(final.headers.location).toBe('/settings');
    expect((await browser.get('/api/esign/users/current')).json()).toMatchObject({
      IsAuthenticated: true,
      IsAdmin: true,
      DisplayName: 'Administrator',
    });
  });
});
