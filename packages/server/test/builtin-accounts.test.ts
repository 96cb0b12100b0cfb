import { beforeEach, describe, expect, it } from 'vitest';
import { findBrokenAuditLink } from '../src/audit/audit.service.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const changePassword = '/api/esign/Accounts/ChangePassword';
const listAccounts = '/api/esign/Accounts/ListAccounts';
const createAccount = '/api/esign/Accounts/CreateAccount';
const deleteAccount = (id: string) =>
  `/api/esign/Accounts/DeleteAccount?accountId=${encodeURIComponent(id)}`;

/** What the log received, line by line: nothing may hold a password. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

describe.each(databaseKinds)("the built-in login's accounts in the demo profile on %s", (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(kind, { LOG_LEVEL: 'trace' }, { clock, logStream });
  const db = () => context.database.handle.db;
  // A minute on for each test: the per-minute limit on passwords sent starts again.
  beforeEach(() => clock.advance(61_000));
  const hashOf = async (email: string) =>
    (
      await db()
        .selectFrom('local_accounts')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    const { submitted } = await browser.login(email, password);
    expect(submitted.statusCode).toBe(200);
    return browser;
  };
  const isSignedIn = async (browser: TestClient) =>
    (await browser.get('/api/esign/users/current')).json<{ IsAuthenticated: boolean }>()
      .IsAuthenticated;
  const newAccount = (email: string, extra: Record<string, unknown> = {}) => ({
    Email: email,
    DisplayName: 'Sanna Sihteeri',
    Title: 'Secretary',
    Organisation: null,
    IsAdmin: false,
    Password: 'alkusalasana-2026',
    ...extra,
  });
  /** The demo administrator adds an account; answers its id. */
  const added = async (email: string, extra: Record<string, unknown> = {}) => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const response = await admin.post(createAccount, newAccount(email, extra));
    expect(response.statusCode).toBe(200);
    return response.json<{ Id: string }>().Id;
  };

  it('an administrator adds an account, which logs in with the initial password', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const response = await admin.post(createAccount, newAccount(' Sanna@Example.com '));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Email: 'sanna@example.com',
      DisplayName: 'Sanna Sihteeri',
      Title: 'Secretary',
      IsAdmin: false,
      IsDemo: false,
      IsCurrentUser: false,
    });
    const list = (await admin.get(listAccounts)).json<Array<Record<string, unknown>>>();
    expect(list.map((account) => account.Email)).toEqual([
      'admin@example.com',
      'sanna@example.com',
      'user2@example.com',
      'user@example.com',
    ]);
    expect(list.find((account) => account.Email === 'admin@example.com')).toMatchObject({
      IsAdmin: true,
      IsDemo: true,
      IsCurrentUser: true,
    });
    expect(JSON.stringify(list)).not.toMatch(/argon2|password/i);
    const sanna = await signedIn('sanna@example.com', 'alkusalasana-2026');
    expect(await isSignedIn(sanna)).toBe(true);
  });

  it('refuses an e-mail address another account has, with its own message', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const response = await admin.post(createAccount, newAccount('USER@example.com'));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'Email', key: 'accounts.errors.emailTaken' }]);
  });

  it('refuses an initial password that breaks the rule, saying which part', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const short = await admin.post(createAccount, newAccount('a@example.com', { Password: 'x' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([
      { path: 'Password', key: 'accounts.errors.passwordTooShort', params: { n: 12 } },
    ]);
    const email = await admin.post(
      createAccount,
      newAccount('long.address@example.com', { Password: 'Long.Address@example.com' }),
    );
    expect(email.json().issues).toEqual([
      { path: 'Password', key: 'accounts.errors.passwordIsEmail' },
    ]);
    const badEmail = await admin.post(createAccount, newAccount('not an address'));
    expect(badEmail.json().issues).toEqual([{ path: 'Email', key: 'validation.invalidEmail' }]);
    const emails = await db().selectFrom('local_accounts').select('email').execute();
    expect(emails.map((row) => row.email)).not.toContain('a@example.com');
  });

  it('a non-administrator cannot list, add or remove accounts', async () => {
    const id = await added('kalle@example.com');
    const user = await signedIn('user@example.com', 'user-demo');
    expect((await user.get(listAccounts)).statusCode).toBe(403);
    const create = await user.post(createAccount, newAccount('mallory@example.com'));
    expect(create.statusCode).toBe(403);
    expect((await user.delete(deleteAccount(id))).statusCode).toBe(403);
    const emails = (await db().selectFrom('local_accounts').select('email').execute()).map(
      (row) => row.email,
    );
    expect(emails).toContain('kalle@example.com');
    expect(emails).not.toContain('mallory@example.com');
    expect((await new TestClient(context.app).get(listAccounts)).statusCode).toBe(401);
  });

  it('refuses a password change with a wrong current password', async () => {
    await added('wrong@example.com');
    const browser = await signedIn('wrong@example.com', 'alkusalasana-2026');
    const before = await hashOf('wrong@example.com');
    const response = await browser.post(changePassword, {
      CurrentPassword: 'not-the-password',
      NewPassword: 'uusi-salasana-2026',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'CurrentPassword', key: 'accounts.errors.wrongCurrentPassword' },
    ]);
    expect(await hashOf('wrong@example.com')).toBe(before);
  });

  it('refuses a new password that is short, the e-mail address or the current one, saying which', async () => {
    await added('rules@example.com');
    const browser = await signedIn('rules@example.com', 'alkusalasana-2026');
    const keyOf = async (NewPassword: string) =>
      (
        await browser.post(changePassword, { CurrentPassword: 'alkusalasana-2026', NewPassword })
      ).json().issues;
    expect(await keyOf('lyhyt')).toEqual([
      { path: 'NewPassword', key: 'accounts.errors.passwordTooShort', params: { n: 12 } },
    ]);
    expect(await keyOf('Rules@Example.com')).toEqual([
      { path: 'NewPassword', key: 'accounts.errors.passwordIsEmail' },
    ]);
    expect(await keyOf('alkusalasana-2026')).toEqual([
      { path: 'NewPassword', key: 'accounts.errors.passwordUnchanged' },
    ]);
    expect(await signedIn('rules@example.com', 'alkusalasana-2026')).toBeDefined();
  });

  it("changes the password and ends the user's other sessions, keeping this one", async () => {
    await added('change@example.com');
    const elsewhere = await signedIn('change@example.com', 'alkusalasana-2026');
    const here = await signedIn('change@example.com', 'alkusalasana-2026');
    const response = await here.post(changePassword, {
      CurrentPassword: 'alkusalasana-2026',
      NewPassword: 'uusi-salasana-2026',
    });
    expect(response.statusCode).toBe(204);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    const old = await new TestClient(context.app).login('change@example.com', 'alkusalasana-2026');
    expect(old.submitted.statusCode).toBe(401);
    expect(await signedIn('change@example.com', 'uusi-salasana-2026')).toBeDefined();
    const event = await db()
      .selectFrom('audit_events')
      .selectAll()
      .where('operation', '=', 'Password Changed')
      .executeTakeFirstOrThrow();
    expect(event.actor).toBe('change@example.com');
    expect(JSON.parse(event.details)).toEqual({
      account: 'change@example.com',
      otherSessionsEnded: 1,
    });
  });

  it('refuses a password change without the XSRF header, and changes nothing', async () => {
    await added('xsrf@example.com');
    const browser = await signedIn('xsrf@example.com', 'alkusalasana-2026');
    const before = await hashOf('xsrf@example.com');
    const response = await browser.request({
      method: 'POST',
      url: changePassword,
      xsrf: false,
      payload: { CurrentPassword: 'alkusalasana-2026', NewPassword: 'uusi-salasana-2026' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ key: 'errors.csrf' });
    expect(await hashOf('xsrf@example.com')).toBe(before);
    const create = await browser.request({
      method: 'POST',
      url: createAccount,
      xsrf: false,
      payload: newAccount('x2@example.com'),
    });
    expect(create.statusCode).toBe(403);
  });

  it('throttles wrong current-password guesses together with wrong logins', async () => {
    await added('guess@example.com');
    const browser = await signedIn('guess@example.com', 'alkusalasana-2026');
    const guess = (attempt: number) =>
      browser.post(changePassword, {
        CurrentPassword: `guess-${attempt}`,
        NewPassword: 'uusi-salasana-2026',
      });
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await guess(attempt)).statusCode).toBe(400);
    const waiting = await guess(5);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    // The right password waits too, here and at the login form of the same browser.
    const right = await browser.post(changePassword, {
      CurrentPassword: 'alkusalasana-2026',
      NewPassword: 'uusi-salasana-2026',
    });
    expect(right.statusCode).toBe(429);
    expect(
      (await browser.login('guess@example.com', 'alkusalasana-2026')).submitted.statusCode,
    ).toBe(429);
    clock.advance(1000);
    expect(
      (
        await browser.post(changePassword, {
          CurrentPassword: 'alkusalasana-2026',
          NewPassword: 'uusi-salasana-2026',
        })
      ).statusCode,
    ).toBe(204);
  });

  it("keeps the demo accounts' passwords, which the login page lists", async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const response = await user.post(changePassword, {
      CurrentPassword: 'user-demo',
      NewPassword: 'uusi-salasana-2026',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ key: 'accounts.errors.demoAccount' });
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const list = (await admin.get(listAccounts)).json<Array<{ Id: string; Email: string }>>();
    const demoUser = list.find((account) => account.Email === 'user2@example.com');
    const removal = await admin.delete(deleteAccount(demoUser?.Id ?? ''));
    expect(removal.statusCode).toBe(403);
    expect(await signedIn('user2@example.com', 'user2-demo')).toBeDefined();
  });

  it('removes another account, whose sessions end and whose login stops working', async () => {
    const id = await added('leaving@example.com');
    const leaving = await signedIn('leaving@example.com', 'alkusalasana-2026');
    const admin = await signedIn('admin@example.com', 'admin-demo');
    expect((await admin.delete(deleteAccount(id))).statusCode).toBe(204);
    expect(await isSignedIn(leaving)).toBe(false);
    const again = await new TestClient(context.app).login(
      'leaving@example.com',
      'alkusalasana-2026',
    );
    expect(again.submitted.statusCode).toBe(401);
    expect((await admin.delete(deleteAccount(id))).statusCode).toBe(404);
  });

  it('an administrator cannot remove their own account', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const list = (await admin.get(listAccounts)).json<
      Array<{ Id: string; IsCurrentUser: boolean }>
    >();
    const own = list.find((account) => account.IsCurrentUser);
    const response = await admin.delete(deleteAccount(own?.Id ?? ''));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'accounts.errors.cannotRemoveSelf' });
  });

  it('never writes a password to the log or the audit trail, and keeps the chain whole', async () => {
    const passwords = ['alkusalasana-2026', 'uusi-salasana-2026', 'not-the-password'];
    const audit = JSON.stringify(await db().selectFrom('audit_events').selectAll().execute());
    expect(logLines.length).toBeGreaterThan(0);
    for (const password of passwords) {
      expect(audit).not.toContain(password);
      for (const line of logLines) expect(line).not.toContain(password);
    }
    expect(await findBrokenAuditLink(db())).toBeNull();
  });
});
