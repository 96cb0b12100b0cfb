import { describe, expect, it } from 'vitest';
import { startSession } from '../src/auth/session.service.ts';
import type { Database } from '../src/db/schema.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const day = 24 * 3_600_000;
const countedTables = ['idp_payloads', 'login_states', 'sessions', 'login_throttle'] as const;

describe.each(databaseKinds)('what anonymous visitors leave in the database on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(kind, {}, { clock });
  const db = () => context.database.handle.db;
  const countOf = async (table: keyof Database) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(countedTables.map(async (table) => [table, await countOf(table)])),
    );
  /** A visitor who starts a login and walks away at the form: what the 200 starts did. */
  const abandonLoginStart = async () => {
    const browser = new TestClient(context.app);
    const start = await browser.get('/api/esign/Users/ExternalLogin');
    expect(start.statusCode).toBe(303);
    const authorize = await browser.get(
      String(start.headers.location).replace(/^https?:\/\/[^/]+/, ''),
    );
    expect(authorize.statusCode).toBe(303);
  };
  const loginFailures = () =>
    db()
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('operation', '=', 'User Login Failure')
      .execute();

  it('has the housekeeping job sweep away abandoned login starts, expired sessions and passed throttle counts', async () => {
    const before = await counts();
    for (let start = 0; start < 20; start += 1) await abandonLoginStart();
    const failed = await new TestClient(context.app).login('user@example.com', 'väärä');
    expect(failed.submitted.statusCode).toBe(401);
    const user = await new TestClient(context.app).login('user@example.com', 'user-demo');
    expect(user.final.statusCode).toBe(303);
    const grown = await counts();
    expect(grown.idp_payloads).toBeGreaterThanOrEqual(before.idp_payloads + 20);
    expect(grown.login_states).toBeGreaterThanOrEqual(20);
    expect(grown.sessions).toBe(before.sessions + 1);
    // The address's count stays; the account's ended with the right password.
    expect(grown.login_throttle).toBe(1);

    // Two weeks and a day on, nothing of that can be used any more; one user has just logged in.
    clock.advance(15 * day);
    const userId = (await db().selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    await startSession(
      db(),
      { userId, loginMethod: 'oidc', ip: null, userAgent: null },
      { idleMs: context.config.sessionIdleMs, absoluteMs: context.config.sessionAbsoluteMs },
      clock.now(),
    );
    await context.app.jobWorker.runDue();

    expect(await counts()).toEqual({
      idp_payloads: 0,
      login_states: 0,
      sessions: 1,
      login_throttle: 0,
    });
    // What the provider keeps for later (its signing keys live elsewhere) still works: a login.
    const again = await new TestClient(context.app).login('user@example.com', 'user-demo');
    expect(again.final.statusCode).toBe(303);
  });

  it('audits a lock-out once and only counts the throttled attempts that follow', async () => {
    const account = `lukittu.${kind}@example.com`;
    const scrape = async () =>
      Number(
        /^esign_login_throttled_total (\d+)$/m.exec(
          (await context.app.inject({ url: '/metrics' })).body,
        )?.[1] ?? 0,
      );
    const throttledBefore = await scrape();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { submitted } = await new TestClient(context.app).login(account, `arvaus-${attempt}`);
      expect(submitted.statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const { submitted } = await new TestClient(context.app).login(account, 'vielä-yksi');
      expect(submitted.statusCode).toBe(429);
    }
    const reasons = (await loginFailures())
      .filter((row) => row.actor === account)
      .map((row) => (JSON.parse(row.details) as { reason: string }).reason);
    expect(reasons).toEqual([...Array(5).fill('wrong password'), 'locked out']);
    expect((await scrape()) - throttledBefore).toBe(12);
  });
});
