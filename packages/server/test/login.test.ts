import { describe, expect, it } from 'vitest';
import { findBrokenAuditLink } from '../src/audit/audit.service.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('logging in through the built-in provider on %s', (kind) => {
  const context = useTestApp(kind, {
    ORGANIZATION_NAME: 'Esimerkkiyliopisto',
    ORGANIZATION_BIC: 'ESIMFIHH',
  });
  const current = async (browser: TestClient) =>
    (await browser.get('/api/esign/users/current')).json();

  it('answers "no session" before login, never cached', async () => {
    const response = await new TestClient(context.app).get('/api/esign/users/current');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      IsAuthenticated: false,
      IsAdmin: false,
      DisplayName: '',
      OrganizationName: 'Esimerkkiyliopisto',
      BIC: 'ESIMFIHH',
    });
  });

  it('logs a user in and returns to the page first asked for', async () => {
    const browser = new TestClient(context.app);
    const { form, final } = await browser.login(
      'user@example.com',
      'user-demo',
      '/esign/edit/42?x=1',
    );
    expect(form.headers['content-type']).toMatch(/text\/html/); // the web app's login form
    expect(final.statusCode).toBe(303);
    expect(final.headers.location).toBe('/esign/edit/42?x=1');
    expect(await current(browser)).toEqual({
      IsAuthenticated: true,
      IsAdmin: false,
      DisplayName: 'Ulla User',
      OrganizationName: 'Esimerkkiyliopisto',
      BIC: 'ESIMFIHH',
    });
    const user = await context.database.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    expect(user.title).toBe('Planning officer');
    expect(user.organisation).toBe('Esimerkkiyliopisto');
  });

  it('makes the administrator an administrator', async () => {
    const browser = new TestClient(context.app);
    await browser.login('admin@example.com', 'admin-demo');
    expect(await current(browser)).toMatchObject({
      IsAuthenticated: true,
      IsAdmin: true,
      DisplayName: 'Aino Admin',
    });
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'never redirects off-site after login, given r=%s',
    async (returnTo) => {
      const browser = new TestClient(context.app);
      const { final } = await browser.login('user2@example.com', 'user2-demo', returnTo);
      expect(final.headers.location).toBe('/');
    },
  );

  it('refuses a wrong password with a clear message and creates no session', async () => {
    const browser = new TestClient(context.app);
    const { submitted } = await browser.login('user2@example.com', 'wrong');
    expect(submitted.statusCode).toBe(401);
    expect(submitted.json()).toMatchObject({ key: 'errors.invalidCredentials' });
    expect((await current(browser)).IsAuthenticated).toBe(false);
  });

  it('throttles an account after five wrong passwords, even for the right one', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { submitted } = await new TestClient(context.app).login(
        'admin@example.com',
        `guess-${attempt}`,
      );
      expect(submitted.statusCode).toBe(401);
    }
    const { submitted } = await new TestClient(context.app).login(
      'admin@example.com',
      'admin-demo',
    );
    expect(submitted.statusCode).toBe(429);
    expect(submitted.json()).toMatchObject({
      key: 'errors.tooManyRequests',
      message: 'Too many attempts. Wait a moment and try again.',
    });
  });

  it('logs out here and at the provider, then shows the logged-out notice', async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const logout = await browser.get('/api/esign/Users/ExternalLogout');
    expect(logout.statusCode).toBe(303);
    const providerLogout = new URL(String(logout.headers.location));
    expect(providerLogout.pathname).toBe('/idp/session/end');
    expect(providerLogout.searchParams.get('post_logout_redirect_uri')).toBe(
      'http://localhost:3000/logout',
    );
    expect((await current(browser)).IsAuthenticated).toBe(false);
    const page = await browser.follow(logout);
    expect(page.body).toContain('<script src="/idp-assets/logout.js"></script>');
    expect(page.body).not.toMatch(/<script>|style=/);
  });

  it('records login, logout and failed-login events in an unbroken chain', async () => {
    const rows = await context.database.handle.db
      .selectFrom('audit_events')
      .select(['operation', 'actor', 'ip', 'user_agent'])
      .execute();
    // Each event says from where and with what: inject's peer and its default user agent.
    for (const row of rows) {
      expect(row.ip).toBe('127.0.0.1');
      expect(row.user_agent).toBe('lightMyRequest');
    }
    const operations = new Set(rows.map((row) => row.operation));
    expect(operations).toEqual(
      new Set(['User Login Success', 'User Logout Success', 'User Login Failure']),
    );
    expect(rows.find((row) => row.operation === 'User Login Failure')?.actor).toBe(
      'user2@example.com',
    );
    expect(await findBrokenAuditLink(context.database.handle.db)).toBeNull();
    await context.database.handle.db
      .updateTable('audit_events')
      .set({ actor: 'someone-else@example.com' })
      .where('operation', '=', 'User Logout Success')
      .execute();
    expect(await findBrokenAuditLink(context.database.handle.db)).not.toBeNull();
  });
});

describe('administrators and address throttling with operator settings', () => {
  const context = useTestApp('sqlite', {
    ADMIN_GROUPS: 'urn:mace:uni.example.fi:esign-admins',
    ADMIN_EMAILS: 'User2@Example.com',
  });
  const isAdmin = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return (await browser.get('/api/esign/users/current')).json().IsAdmin as boolean;
  };

  it('keeps the built-in administrator an administrator whatever ADMIN_GROUPS says, and adds those of ADMIN_EMAILS', async () => {
    expect(await isAdmin('admin@example.com', 'admin-demo')).toBe(true);
    expect(await isAdmin('user2@example.com', 'user2-demo')).toBe(true);
    expect(await isAdmin('user@example.com', 'user-demo')).toBe(false);
  });

  it('throttles an address after twenty failures spread over many accounts, even for a right password', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const { submitted } = await new TestClient(context.app).login(
        `arvaus-${attempt}@example.com`,
        'väärä',
      );
      expect(submitted.statusCode).toBe(401);
    }
    const { submitted } = await new TestClient(context.app).login('user@example.com', 'user-demo');
    expect(submitted.statusCode).toBe(429);
    expect(submitted.json()).toMatchObject({ key: 'errors.tooManyRequests' });
  });
});
