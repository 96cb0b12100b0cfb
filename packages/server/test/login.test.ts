import { describe, expect, it } from 'vitest';
import { findBrokenAuditLink } from '../src/audit/audit.service.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

/** Statuses sorted, so that racing answers can be compared with what the count allows. */
const statusesOf = (responses: Array<{ statusCode: number }>) =>
  responses.map((response) => response.statusCode).sort();

describe.each(databaseKinds)('logging in through the built-in provider on %s', (kind) => {
  // The throttle's waits are timed by this clock; it stands still unless a test moves it.
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    { ORGANIZATION_NAME: 'Esimerkkiyliopisto', ORGANIZATION_BIC: 'ESIMFIHH' },
    { clock },
  );
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
      UserId: null,
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
    const user = await context.database.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    expect(await current(browser)).toEqual({
      IsAuthenticated: true,
      IsAdmin: false,
      DisplayName: 'Ulla User',
      OrganizationName: 'Esimerkkiyliopisto',
      BIC: 'ESIMFIHH',
      UserId: user.id,
    });
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

  it('lets only five of twelve wrong passwords sent at once be tried, and makes the rest wait', async () => {
    const browsers = Array.from({ length: 12 }, () => new TestClient(context.app));
    const forms = await Promise.all(browsers.map((browser) => browser.openLoginForm()));
    const answers = await Promise.all(
      browsers.map((browser, index) =>
        browser.submitPassword(
          forms[index]?.interaction ?? '',
          'admin@example.com',
          `guess-${index}`,
        ),
      ),
    );
    expect(statusesOf(answers)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const waiting = answers.find((answer) => answer.statusCode === 429);
    expect(waiting?.json()).toMatchObject({
      key: 'errors.tooManyRequests',
      message: 'Too many attempts. Wait a moment and try again.',
    });
    expect(waiting?.headers['retry-after']).toBe('1');
  });

  it('makes the right password wait after five wrong ones, and lets it in once the wait is over', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { submitted } = await new TestClient(context.app).login(
        'user@example.com',
        `guess-${attempt}`,
      );
      expect(submitted.statusCode).toBe(401);
    }
    const early = await new TestClient(context.app).login('user@example.com', 'user-demo');
    expect(early.submitted.statusCode).toBe(429);
    expect(early.submitted.headers['retry-after']).toBe('1');
    clock.advance(1000);
    const browser = new TestClient(context.app);
    const { submitted } = await browser.login('user@example.com', 'user-demo');
    expect(submitted.statusCode).toBe(200);
    expect((await current(browser)).IsAuthenticated).toBe(true);
    // The wait was not a lock-out: the right password cleared the count.
    expect(
      (await new TestClient(context.app).login('user@example.com', 'guess')).submitted.statusCode,
    ).toBe(401);
  });

  it('logs out here and at the provider, then shows the logged-out notice', async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const logout = await browser.post('/api/esign/Users/ExternalLogout');
    expect(logout.statusCode).toBe(200);
    const providerLogout = new URL(logout.json<{ Location: string }>().Location);
    expect(providerLogout.pathname).toBe('/idp/session/end');
    expect(providerLogout.searchParams.get('post_logout_redirect_uri')).toBe(
      'http://localhost:3000/logout',
    );
    expect((await current(browser)).IsAuthenticated).toBe(false);
    const page = await browser.get(`${providerLogout.pathname}${providerLogout.search}`);
    expect(page.body).toContain('<script src="/idp-assets/logout.js"></script>');
    expect(page.body).not.toMatch(/<script>|style=/);
  });

  it('keeps the session when a link on another site opens the logout address: it shows the logout page', async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const opened = await browser.request({
      method: 'GET',
      url: '/api/esign/Users/ExternalLogout',
      xsrf: false,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/logout');
    expect((await current(browser)).IsAuthenticated).toBe(true);
  });

  it('keeps the session when another site posts to the logout address', async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const posted = await browser.request({
      method: 'POST',
      url: '/api/esign/Users/ExternalLogout',
      xsrf: false,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toMatchObject({ key: 'errors.csrf' });
    expect(posted.cookies).toEqual([]);
    expect((await current(browser)).IsAuthenticated).toBe(true);
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
  const clock = new MovableClock();
  const context = useTestApp(
    'sqlite',
    { ADMIN_GROUPS: 'urn:mace:uni.example.fi:esign-admins', ADMIN_EMAILS: 'User2@Example.com' },
    { clock },
  );
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

  it('makes an address wait after twenty wrong passwords over many accounts, the right one too, until the wait is over', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const { submitted } = await new TestClient(context.app).login(
        `arvaus-${attempt}@example.com`,
        'väärä',
      );
      expect(submitted.statusCode).toBe(401);
    }
    const early = await new TestClient(context.app).login('user@example.com', 'user-demo');
    expect(early.submitted.statusCode).toBe(429);
    expect(early.submitted.json()).toMatchObject({ key: 'errors.tooManyRequests' });
    clock.advance(1000);
    const { submitted } = await new TestClient(context.app).login('user@example.com', 'user-demo');
    expect(submitted.statusCode).toBe(200);
  });
});

describe('the administrator while someone keeps guessing the password', () => {
  const clock = new MovableClock();
  const context = useTestApp('sqlite', {}, { clock });
  const guessFrom = (address: string, password: string) =>
    new TestClient(context.app, { remoteAddress: address }).login('admin@example.com', password);

  it('lets the administrator in from a browser that signed in before, while guesses from elsewhere make everyone else wait', async () => {
    const administrator = new TestClient(context.app, { remoteAddress: '198.51.100.7' });
    expect(
      (await administrator.login('admin@example.com', 'admin-demo')).submitted.statusCode,
    ).toBe(200);
    // Someone guesses from many addresses, each under its own limit.
    const guesses = [];
    for (let attempt = 0; attempt < 10; attempt += 1)
      guesses.push((await guessFrom(`203.0.113.${attempt}`, `guess-${attempt}`)).submitted);
    expect(statusesOf(guesses)).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    // A browser the account never used waits, right password or not…
    expect((await guessFrom('198.51.100.8', 'admin-demo')).submitted.statusCode).toBe(429);
    // …but the administrator's own browser is let in.
    const again = await administrator.login('admin@example.com', 'admin-demo');
    expect(again.submitted.statusCode).toBe(200);
    expect((await administrator.get('/api/esign/users/current')).json()).toMatchObject({
      IsAuthenticated: true,
      IsAdmin: true,
    });
  });

  it('gives the browser cookie only at a right password, bound to that account', async () => {
    const browser = new TestClient(context.app, { remoteAddress: '198.51.100.9' });
    await browser.login('user@example.com', 'wrong');
    expect(browser.cookies.has('esign_browser')).toBe(false);
    await browser.login('user@example.com', 'user-demo');
    expect(browser.cookies.get('esign_browser')).toMatch(/^[\w-]+\.[\w-]+$/);
    // The cookie of one account does not lift another account's waits.
    for (let attempt = 0; attempt < 5; attempt += 1)
      await new TestClient(context.app, { remoteAddress: `203.0.113.${50 + attempt}` }).login(
        'user2@example.com',
        'guess',
      );
    expect((await browser.login('user2@example.com', 'user2-demo')).submitted.statusCode).toBe(429);
  });
});
