import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { ProviderBrowser, startExternalProvider } from './support/external-oidc-provider.ts';
import { useTestApp } from './support/test-app.ts';

const portalUrl = 'http://localhost:3000/';
const signersGroup = 'urn:mace:uni.example.fi:esign-signers';

// The provider must listen before the apps are built: their configuration names its port.
const provider = await startExternalProvider({
  clientId: 'esign-portal-at-uni',
  clientSecret: 'a-confidential-client-secret',
  portalUrl,
  accounts: {
    maija: {
      email: 'maija.meikalainen@uni.example.fi',
      name: 'Maija Meikäläinen',
      title: 'Professor',
      organisation: 'Esimerkkiyliopisto',
      groups: ['esign-admins'],
    },
    pekka: {
      email: 'pekka.puupaa@uni.example.fi',
      name: 'Pekka Puupää',
      title: 'Researcher',
      organisation: 'Esimerkkiyliopisto',
      groups: [signersGroup, 'urn:mace:uni.example.fi:unknown-group'],
    },
    liisa: {
      email: 'liisa.lahtinen@uni.example.fi',
      name: 'Liisa Lahtinen',
      title: 'Head of Administration',
      organisation: 'Esimerkkiyliopisto',
      groups: [],
    },
  },
});
afterAll(() => provider.close());

type Claims = Record<string, unknown>;
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;

describe.each(databaseKinds)('logging in through an external OIDC provider on %s', (kind) => {
  const context = useTestApp(kind, {
    PUBLIC_URL: portalUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'esign-portal-at-uni',
    OIDC_CLIENT_SECRET: 'a-confidential-client-secret',
    OIDC_SCOPES: 'openid email profile groups',
    ADMIN_EMAILS: 'Liisa.Lahtinen@uni.example.fi',
  });
  const db = () => context.database.handle.db;
  const current = async (browser: TestClient) =>
    (await browser.get('/api/esign/users/current')).json<{
      IsAuthenticated: boolean;
      IsAdmin: boolean;
      DisplayName: string;
    }>();
  const count = async (table: 'sessions' | 'audit_events', operation?: string) => {
    let query = db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'));
    if (operation) query = query.where('operation', '=', operation);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  /** The portal's login link, then the provider's login and consent forms, up to the callback. */
  const reachCallback = async (account: string, returnTo = '/') => {
    const portal = new TestClient(context.app);
    const atProvider = new ProviderBrowser();
    const start = await portal.get(
      `/api/esign/Users/ExternalLogin?r=${encodeURIComponent(returnTo)}`,
    );
    const callback = await atProvider.logIn(String(start.headers.location), account);
    return { portal, atProvider, start, callback };
  };
  const logIn = async (account: string, returnTo = '/') => {
    const reached = await reachCallback(account, returnTo);
    const final = await reached.portal.get(
      `${reached.callback.pathname}${reached.callback.search}`,
    );
    return { ...reached, final };
  };

  it('sends the browser to the provider with the code flow, PKCE, state and nonce', async () => {
    const start = await new TestClient(context.app).get('/api/esign/Users/ExternalLogin?r=/');
    expect(start.statusCode).toBe(303);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.pathname).toBe('/auth');
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: 'esign-portal-at-uni',
      response_type: 'code',
      scope: 'openid email profile groups',
      redirect_uri: 'http://localhost:3000/api/esign/Users/callback',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
  });

  it('logs an administrator in over real HTTP and returns to the page first asked for', async () => {
    const { callback, final, portal } = await logIn('maija', '/esign/edit/7?tab=2');
    expect(`${callback.origin}${callback.pathname}`).toBe(
      'http://localhost:3000/api/esign/Users/callback',
    );
    expect(final.statusCode).toBe(303);
    expect(final.headers.location).toBe('/esign/edit/7?tab=2');
    expect(await current(portal)).toMatchObject({
      IsAuthenticated: true,
      IsAdmin: true,
      DisplayName: 'Maija Meikäläinen',
    });
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('subject', '=', 'maija')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      issuer: provider.issuer,
      email: 'maija.meikalainen@uni.example.fi',
      display_name: 'Maija Meikäläinen',
      title: 'Professor',
      organisation: 'Esimerkkiyliopisto',
    });
  });

  it('takes the profile from userinfo, since the ID token names only the subject', async () => {
    await logIn('maija');
    const session = await db()
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id_token')
      .where('users.subject', '=', 'maija')
      .executeTakeFirstOrThrow();
    const idToken = claimsOf(session.id_token ?? '');
    expect(idToken).toMatchObject({ sub: 'maija', iss: provider.issuer });
    expect(idToken).not.toHaveProperty('name');
    expect(idToken).not.toHaveProperty('groups');
  });

  it('makes a member of the group its groups claim names, and not an administrator', async () => {
    const groupId = randomUUID();
    await db()
      .insertInto('user_groups')
      .values({
        id: groupId,
        name: 'E-signers',
        normalized_name: 'E-SIGNERS',
        concurrency_stamp: randomUUID(),
        role_type: 'user',
        haka_group_id: signersGroup,
        created_at: new Date().toISOString(),
      })
      .execute();
    const { final, portal } = await logIn('pekka');
    expect(final.headers.location).toBe('/');
    expect(await current(portal)).toMatchObject({
      IsAuthenticated: true,
      IsAdmin: false,
      DisplayName: 'Pekka Puupää',
    });
    const members = await db()
      .selectFrom('user_group_members')
      .innerJoin('users', 'users.id', 'user_group_members.user_id')
      .select('users.email')
      .where('user_group_members.group_id', '=', groupId)
      .execute();
    expect(members).toEqual([{ email: 'pekka.puupaa@uni.example.fi' }]);
  });

  it('makes an administrator of a user whose address ADMIN_EMAILS lists', async () => {
    const { portal } = await logIn('liisa');
    expect(await current(portal)).toMatchObject({ IsAuthenticated: true, IsAdmin: true });
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const { portal, callback } = await reachCallback('pekka');
    const [sessionsBefore, failuresBefore] = [
      await count('sessions'),
      await count('audit_events', 'User Login Failure'),
    ];
    callback.searchParams.set('state', 'a-state-from-somewhere-else');
    const final = await portal.get(`${callback.pathname}${callback.search}`);
    expect(final.statusCode).toBe(303);
    expect(final.headers.location).toBe('/login?failed=1');
    expect((await current(portal)).IsAuthenticated).toBe(false);
    expect(await count('sessions')).toBe(sessionsBefore);
    expect(await count('audit_events', 'User Login Failure')).toBe(failuresBefore + 1);
  });

  it('refuses a callback in a browser that never started the login', async () => {
    const { callback } = await reachCallback('pekka');
    const [sessionsBefore, failuresBefore] = [
      await count('sessions'),
      await count('audit_events', 'User Login Failure'),
    ];
    const stranger = new TestClient(context.app);
    const final = await stranger.get(`${callback.pathname}${callback.search}`);
    expect(final.headers.location).toBe('/login?failed=1');
    expect((await current(stranger)).IsAuthenticated).toBe(false);
    expect(await count('sessions')).toBe(sessionsBefore);
    expect(await count('audit_events', 'User Login Failure')).toBe(failuresBefore + 1);
  });

  it('refuses the same callback a second time, even with the original login cookie', async () => {
    const { portal, callback } = await reachCallback('pekka', '/esign/edit/3');
    const loginCookies = new Map(portal.cookies);
    const first = await portal.get(`${callback.pathname}${callback.search}`);
    expect(first.headers.location).toBe('/esign/edit/3');
    const sessionsAfterFirst = await count('sessions');

    const replay = new TestClient(context.app);
    for (const [name, value] of loginCookies) replay.cookies.set(name, value);
    const second = await replay.get(`${callback.pathname}${callback.search}`);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe('/login?failed=1');
    expect((await current(replay)).IsAuthenticated).toBe(false);
    expect(await count('sessions')).toBe(sessionsAfterFirst);
  });

  it("answers 404 to the built-in login's account calls, which another provider's users do not have", async () => {
    const { portal } = await logIn('maija');
    expect((await portal.get('/api/esign/Accounts/ListAccounts')).statusCode).toBe(404);
    const change = await portal.post('/api/esign/Accounts/ChangePassword', {
      CurrentPassword: 'anything-at-all',
      NewPassword: 'something-else-entirely',
    });
    expect(change.statusCode).toBe(404);
    expect((await portal.get('/api/config/common')).json()).toMatchObject({ BuiltInLogin: false });
  });

  it('logs out here and at the provider, which returns the browser to the logged-out notice', async () => {
    const { portal, atProvider } = await logIn('maija');
    const logout = await portal.post('/api/esign/Users/ExternalLogout');
    expect(logout.statusCode).toBe(200);
    expect((await current(portal)).IsAuthenticated).toBe(false);

    const endSession = new URL(logout.json<{ Location: string }>().Location);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      'http://localhost:3000/logout',
    );
    const hint = claimsOf(endSession.searchParams.get('id_token_hint') ?? '');
    expect(hint).toMatchObject({ sub: 'maija', aud: 'esign-portal-at-uni' });

    // The provider accepts the hint and, once the user confirms, sends the browser back.
    const confirmation = await atProvider.follow(endSession.href);
    expect(confirmation.response.status).toBe(200);
    const loggedOut = await atProvider.submit(confirmation, { logout: 'yes' });
    expect(loggedOut.location.href).toBe('http://localhost:3000/logout');
  });
});
