import { describe, expect, it } from 'vitest';
import { samlAcsUrl } from '../src/auth/saml/saml-login.ts';
import { samlRequestStore } from '../src/auth/saml/saml.repository.ts';
import { systemClock } from '../src/time/clock.ts';
import { sessionCookieName } from '../src/auth/session.plugin.ts';
import { databaseKinds } from './support/databases.ts';
import {
  hakaAttributes,
  idpKey,
  oid,
  otherKey,
  signedResponse as sign,
  spIssuer,
  useSamlTestApp,
} from './support/saml-app.ts';
import {
  buildResponse,
  decodeRedirectMessage,
  requestIdOf,
  signXml,
  type ResponseOptions,
} from './support/saml-idp.ts';

const refusals: Array<[string, RegExp, (options: ResponseOptions) => string]> = [
  ['an unsigned response', /Invalid signature/, (options) => buildResponse(options)],
  [
    'a response signed by another key',
    /Invalid signature/,
    (options) => signXml(buildResponse(options), otherKey),
  ],
  [
    'a response altered after signing',
    /Invalid signature/,
    (options) => sign(options).replace('maija.meikalainen@uni.example.fi', 'admin@uni.example.fi'),
  ],
  [
    'a response whose signature covers the Response but not the assertion',
    /Invalid signature/,
    (options) => signXml(buildResponse(options), idpKey, 'Response'),
  ],
  [
    'a response for another audience',
    /audience mismatch/,
    (options) => sign({ ...options, audience: 'https://other.example/sp' }),
  ],
  [
    'an expired response',
    /No valid subject confirmation/,
    (options) => sign({ ...options, validForMinutes: -10 }),
  ],
  [
    'a response to a request never made',
    /InResponseTo is not valid/,
    (options) => sign({ ...options, requestId: '_never-issued' }),
  ],
  [
    'a response addressed to another ACS',
    /does not answer this request/,
    (options) => sign({ ...options, acsUrl: 'https://evil.example/acs' }),
  ],
  [
    'a signed assertion whose subject does not name the request',
    /does not answer this request/,
    (options) =>
      signXml(
        buildResponse(options).replace(
          /(<saml:SubjectConfirmationData) InResponseTo="[^"]*"/,
          '$1',
        ),
        idpKey,
      ),
  ],
  [
    'an unsolicited response that answers no request',
    /InResponseTo is missing/,
    (options) => sign({ ...options, requestId: '' }),
  ],
  [
    'a response whose only subject is a transient NameID',
    /no lasting subject/,
    (options) => sign({ ...options, attributes: { [oid.mail]: ['anon@uni.example.fi'] } }),
  ],
  [
    'a response without an e-mail address',
    /no valid e-mail/,
    (options) => sign({ ...options, attributes: { [oid.eppn]: ['nomail@uni.example.fi'] } }),
  ],
];

describe.each(databaseKinds)('SAML login on %s', (kind) => {
  const t = useSamlTestApp(kind);
  const db = () => t.database.handle.db;
  const lastFailureReason = async () =>
    (
      await db()
        .selectFrom('audit_events')
        .select('details')
        .where('operation', '=', 'User Login Failure')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).details;

  it('logs in with a valid signed assertion, maps the Haka attributes and returns to the asked page', async () => {
    await db()
      .insertInto('user_groups')
      .values({
        id: 'g-signers',
        name: 'Signers',
        normalized_name: 'SIGNERS',
        concurrency_stamp: 'c1',
        role_type: 'user',
        haka_group_id: 'urn:mace:uni.example.fi:esign-signers',
        created_at: new Date().toISOString(),
      })
      .execute();
    const { browser, options } = await t.startLogin();
    const response = await t.postToAcs(
      sign({ ...options, sessionIndex: '_s1', nameId: '_n1' }),
      browser,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/esign/edit/1');
    const token = response.cookies.find((item) => item.name === sessionCookieName)?.value ?? '';
    expect(token).not.toBe('');
    const current = await t.app.inject({
      url: '/api/esign/users/current',
      cookies: { [sessionCookieName]: token },
    });
    expect(current.json()).toMatchObject({
      IsAuthenticated: true,
      DisplayName: 'Maija Meikäläinen',
    });
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('subject', '=', 'maija@uni.example.fi')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      issuer: 'https://idp.example.org/idp',
      email: 'maija.meikalainen@uni.example.fi',
      display_name: 'Maija Meikäläinen',
      organisation: 'uni.example.fi',
      title: 'Researcher',
    });
    const session = await db()
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      login_method: 'saml',
      saml_name_id: '_n1',
      saml_session_index: '_s1',
    });
    expect(await t.count('audit_events', 'User Login Success')).toBe(1);
    const groups = await db()
      .selectFrom('user_group_members')
      .select('group_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(groups).toEqual([{ group_id: 'g-signers' }]);
  });

  it('reads attributes sent by friendly name and builds the name from givenName and sn', async () => {
    const { browser, options } = await t.startLogin();
    const attributes = {
      eduPersonPrincipalName: ['teppo@amk.example.fi'],
      mail: ['teppo@amk.example.fi'],
      givenName: ['Teppo'],
      sn: ['Testaaja'],
    };
    const response = await t.postToAcs(sign({ ...options, attributes }), browser);
    expect(response.headers.location).toBe('/esign/edit/1');
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('subject', '=', 'teppo@amk.example.fi')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: 'teppo@amk.example.fi',
      display_name: 'Teppo Testaaja',
      organisation: null,
    });
  });

  it.each(refusals)(
    'refuses %s, creates no session and records the failure',
    async (_name, reason, makeXml) => {
      const { browser, options } = await t.startLogin();
      const [sessions, failures] = [
        await t.count('sessions'),
        await t.count('audit_events', 'User Login Failure'),
      ];
      const response = await t.postToAcs(makeXml(options), browser);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/login?failed=1');
      expect(response.cookies.find((item) => item.name === sessionCookieName)).toBeUndefined();
      expect(response.body).toBe('');
      expect(await t.count('sessions')).toBe(sessions);
      expect(await t.count('audit_events', 'User Login Failure')).toBe(failures + 1);
      expect(await lastFailureReason()).toMatch(reason);
    },
  );

  it('accepts a response only once: a replay is refused', async () => {
    const { browser, options } = await t.startLogin();
    const xml = sign(options);
    expect((await t.postToAcs(xml, browser)).headers.location).toBe('/esign/edit/1');
    const sessions = await t.count('sessions');
    expect((await t.postToAcs(xml, browser)).headers.location).toBe('/login?failed=1');
    expect(await t.count('sessions')).toBe(sessions);
    expect(await lastFailureReason()).toMatch(/InResponseTo is not valid/);
  });

  it('accepts only one of two simultaneous posts of the same response', async () => {
    const { browser, options } = await t.startLogin();
    const xml = sign(options);
    const answers = await Promise.all([t.postToAcs(xml, browser), t.postToAcs(xml, browser)]);
    expect(answers.map((answer) => answer.headers.location).sort()).toEqual([
      '/esign/edit/1',
      '/login?failed=1',
    ]);
  });

  it('lets only one of two nodes consume the same request id', async () => {
    const removedBy: string[] = [];
    const nodes = ['a', 'b'].map((name) =>
      samlRequestStore(db(), 60_000, systemClock, { onRemoved: () => removedBy.push(name) }),
    );
    await nodes[0]?.saveAsync('_shared', new Date().toISOString());
    expect(await nodes[1]?.getAsync('_shared')).toBeTruthy();
    await Promise.all(nodes.map((node) => node.removeAsync('_shared')));
    expect(removedBy).toHaveLength(1);
    expect(await nodes[0]?.getAsync('_shared')).toBeNull();
  });

  it('refuses a SAML response posted from a browser that did not start the login', async () => {
    // The attacker starts a login in their own browser and keeps their unused response…
    const attacker = await t.startLogin('/.//evil.example/phish');
    const xml = sign({ ...attacker.options, attributes: hakaAttributes });
    const sessions = await t.count('sessions');
    // …and makes the victim's browser, which has no portal cookies, post it cross-site.
    const response = await t.postToAcs(xml, {}, '/.//evil.example/phish');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login?failed=1');
    expect(response.cookies.find((item) => item.name === sessionCookieName)).toBeUndefined();
    expect(await t.count('sessions')).toBe(sessions);
    expect(await lastFailureReason()).toMatch(/no login was started in this browser/);
  });

  it("refuses an attacker's response posted from a browser that started a login of its own", async () => {
    const attacker = await t.startLogin();
    const victim = await t.startLogin();
    const sessions = await t.count('sessions');
    const response = await t.postToAcs(sign(attacker.options), victim.browser);
    expect(response.headers.location).toBe('/login?failed=1');
    expect(await t.count('sessions')).toBe(sessions);
    expect(await lastFailureReason()).toMatch(/InResponseTo is not valid/);
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', '/.//evil.example/phish'])(
    'returns to the page the login asked for, whatever RelayState comes back (%s)',
    async (target) => {
      const { browser, options } = await t.startLogin('/esign/edit/1');
      const response = await t.postToAcs(sign(options), browser, target);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/esign/edit/1');
    },
  );

  it('never sends the browser off-site, whatever return path the login was started with', async () => {
    const { browser, options } = await t.startLogin('/.//evil.example/phish');
    const response = await t.postToAcs(sign(options), browser);
    expect(response.headers.location).toBe('/');
  });

  it('starts a login at the IdP from the external login address, binding it to the browser and keeping the return path here', async () => {
    const response = await t.app.inject({ url: '/api/esign/Users/ExternalLogin?r=/esign/edit/1' });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe('https://idp.example.org/sso');
    expect(location.searchParams.get('RelayState')).toBeNull();
    expect(decodeRedirectMessage(location.href, 'SAMLRequest')).toContain(
      `AssertionConsumerServiceURL="${samlAcsUrl(t.config)}"`,
    );
    const binding = response.cookies.find((item) => item.name === 'esign_saml');
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Signed, so a browser cannot name a request it did not start.
    expect(binding?.value).toContain(`${requestIdOf(location.href)}.`);
  });

  it('publishes the service provider metadata with the ACS address and entity id', async () => {
    const response = await t.app.inject({ url: '/api/esign/Users/saml/metadata' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(response.body).toContain(`entityID="${spIssuer}"`);
    expect(response.body).toContain(`Location="${samlAcsUrl(t.config)}"`);
    expect(response.body).toContain('WantAssertionsSigned="true"');
  });
});

describe('SAML login behind https', () => {
  const t = useSamlTestApp('sqlite', { PUBLIC_URL: 'https://esign.example.fi/' });

  it('binds the request with a __Host- cookie the provider’s cross-site post brings back', async () => {
    const { browser, options } = await t.startLogin('/reports');
    const start = await t.app.inject({ url: '/api/esign/Users/ExternalLogin?r=/reports' });
    const binding = start.cookies.find((item) => item.name === '__Host-esign_saml');
    expect(binding).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None', path: '/' });
    expect(Object.keys(browser)).toContain('__Host-esign_saml');
    const response = await t.postToAcs(sign(options), browser);
    expect(response.headers.location).toBe('/reports');
  });
});
