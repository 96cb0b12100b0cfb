import { describe, expect, it } from 'vitest';
import { hashSessionToken } from '../src/auth/session.service.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const unsafeMethods = ['post', 'put', 'patch', 'delete'] as const;

/** Routes that protect themselves otherwise (a cross-site POST by design). */
const exemptFromXsrf = new Set(['post /api/esign/Users/saml/acs', 'post /api/tsa']);

describe.each(databaseKinds)('sessions and request forgery protection on %s', (kind) => {
  const context = useTestApp(kind);
  const db = () => context.database.handle.db;
  const loggedIn = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return browser;
  };
  const isAuthenticated = async (browser: TestClient) =>
    (await browser.get('/api/esign/users/current')).json().IsAuthenticated as boolean;

  it('refuses every unsafe route without a matching X-XSRF-TOKEN, and changes nothing', async () => {
    const document = (await context.app.inject({ url: '/api/docs/json' })).json();
    const unsafe = Object.entries(
      document.paths as Record<string, Record<string, unknown>>,
    ).flatMap(([path, operations]) =>
      unsafeMethods.filter((method) => method in operations).map((method) => ({ method, path })),
    );
    expect(unsafe.length).toBeGreaterThan(0);
    const browser = await loggedIn();
    const before = await db()
      .selectFrom('audit_events')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const { method, path } of unsafe) {
      if (exemptFromXsrf.has(`${method} ${path}`)) continue;
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const withoutHeader = await browser.request({
        method: method.toUpperCase() as 'POST',
        url,
        xsrf: false,
        payload: {},
      });
      expect(withoutHeader.statusCode, `${method} ${path}`).toBe(403);
      expect(withoutHeader.json()).toMatchObject({ key: 'errors.csrf' });
      const forged = await browser.request({
        method: method.toUpperCase() as 'POST',
        url,
        xsrf: false,
        headers: { 'x-xsrf-token': 'abc.def' },
        payload: {},
      });
      expect(forged.statusCode, `${method} ${path}`).toBe(403);
    }
    const after = await db()
      .selectFrom('audit_events')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a token issued to another session, and requests from another site', async () => {
    const alice = await loggedIn();
    const mallory = await loggedIn();
    const stolen = mallory.cookies.get('XSRF-TOKEN') ?? '';
    alice.cookies.set('XSRF-TOKEN', stolen);
    const crossSession = await alice.post('/idp-login/x/login', { email: 'a', password: 'b' });
    expect(crossSession.statusCode).toBe(403);

    const bob = await loggedIn();
    const crossSite = await bob.request({
      method: 'POST',
      url: '/idp-login/x/login',
      payload: { email: 'a', password: 'b' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await bob.request({
      method: 'POST',
      url: '/idp-login/x/login',
      payload: { email: 'a', password: 'b' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    // The same browser with its own token gets past the check (and on to the route's own answer).
    const genuine = await bob.post('/idp-login/x/login', { email: 'a', password: 'b' });
    expect(genuine.statusCode).toBe(400);
    expect(genuine.json().key).toBe('errors.loginExpired');
  });

  it('gives a new session identifier at login, whatever the browser brought', async () => {
    const browser = new TestClient(context.app);
    browser.cookies.set('esign_session', 'planted-by-an-attacker');
    await browser.login('user@example.com', 'user-demo');
    const token = browser.cookies.get('esign_session') ?? '';
    expect(token).not.toBe('planted-by-an-attacker');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await db()
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', hashSessionToken(token))
      .executeTakeFirst();
    expect(stored).toBeDefined();
    const planted = await db()
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', 'planted-by-an-attacker')
      .executeTakeFirst();
    expect(planted).toBeUndefined();

    // A second login in the same browser replaces the first session rather than reusing it.
    await browser.login('user@example.com', 'user-demo');
    const second = browser.cookies.get('esign_session') ?? '';
    expect(second).not.toBe(token);
    const old = await db()
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', hashSessionToken(token))
      .executeTakeFirst();
    expect(old).toBeUndefined();
  });

  it('ends a session left idle longer than the idle timeout', async () => {
    const browser = await loggedIn();
    const id = hashSessionToken(browser.cookies.get('esign_session') ?? '');
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await isAuthenticated(browser)).toBe(false);
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('ends a session at its absolute timeout even when in use', async () => {
    const browser = await loggedIn();
    const id = hashSessionToken(browser.cookies.get('esign_session') ?? '');
    expect(await isAuthenticated(browser)).toBe(true);
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await isAuthenticated(browser)).toBe(false);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and the XSRF cookie readable', async () => {
    const browser = new TestClient(context.app);
    const start = await browser.get('/api/esign/Users/ExternalLogin?r=/');
    expect(start.statusCode).toBe(303);
    const { final } = await browser.login('user@example.com', 'user-demo');
    const cookies = ([] as string[]).concat(final.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('esign_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/); // PUBLIC_URL is http here
    const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='));
    expect(xsrf).not.toMatch(/HttpOnly/);
  });
});

describe('cookies behind https', () => {
  const context = useTestApp('sqlite', { PUBLIC_URL: 'https://esign.example.fi/' });

  it('names the cookies __Host-, Secure and for the whole site, so a sibling subdomain cannot plant or overwrite them', async () => {
    const browser = new TestClient(context.app);
    const { final } = await browser.login('user@example.com', 'user-demo');
    const cookies = ([] as string[]).concat(final.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('__Host-esign_session='));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).not.toMatch(/Domain=/i);
    expect(cookies.find((cookie) => cookie.startsWith('esign_session='))).toBeUndefined();
    // The other cookies of the portal's own: the anonymous id, the login state, the browser.
    for (const name of ['esign_anon', 'esign_browser'])
      expect([...browser.cookies.keys()], name).toContain(`__Host-${name}`);
    const start = await new TestClient(context.app).get('/api/esign/Users/ExternalLogin?r=/');
    expect(start.cookies.map((cookie) => cookie.name)).toContain('__Host-esign_login');
    expect((await browser.get('/api/esign/users/current')).json().IsAuthenticated).toBe(true);
  });
});
