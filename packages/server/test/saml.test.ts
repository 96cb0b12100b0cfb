import { describe, expect, it } from 'vitest';
import { samlAcsUrl } from '../src/auth/saml/saml-login.ts';
import { samlRequestStore } from '../src/auth/saml/saml.repository.ts';
import { systemClock } from '../src/time/clock.ts';
import { sessionCookieName } from '../src/auth/session.plugin.ts';
import { databaseKinds } from './support/databases.ts';
import {
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
    const { relayState, options } = await t.startLogin();
    const response = await t.postToAcs(
      sign({ ...options, sessionIndex: '_s1', nameId: '_n1' }),
      relayState,
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
    const { relayState, options } = await t.startLogin();
    const attributes = {
      eduPersonPrincipalName: ['teppo@amk.example.fi'],
      mail: ['teppo@amk.example.fi'],
      givenName: ['Teppo'],
      sn: ['Testaaja'],
    };
    const response = await t.postToAcs(sign({ ...options, attributes }), relayState);
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
      const { relayState, options } = await t.startLogin();
      const [sessions, failures] = [
        await t.count('sessions'),
        await t.count('audit_events', 'User Login Failure'),
      ];
      const response = await t.postToAcs(makeXml(options), relayState);
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
    const { relayState, options } = await t.startLogin();
    const xml = sign(options);
    expect((await t.postToAcs(xml, relayState)).headers.location).toBe('/esign/edit/1');
    const sessions = await t.count('sessions');
    expect((await t.postToAcs(xml, relayState)).headers.location).toBe('/login?failed=1');
    expect(await t.count('sessions')).toBe(sessions);
    expect(await lastFailureReason()).toMatch(/InResponseTo is not valid/);
  });

  it('accepts only one of two simultaneous posts of the same response', async () => {
    const { relayState, options } = await t.startLogin();
    const xml = sign(options);
    const answers = await Promise.all([t.postToAcs(xml, relayState), t.postToAcs(xml, relayState)]);
    expect(answers.map((answer) => answer.headers.location).sort()).toEqual([
      '/esign/edit/1',
      '/login?failed=1',
    ]);
  });

  it('lets only one of two nodes consume the same request id', async () => {
    const removedBy: string[] = [];
    const nodes = ['a', 'b'].map((name) =>
      samlRequestStore(db(), 60_000, systemClock, () => removedBy.push(name)),
    );
    await nodes[0]?.saveAsync('_shared', new Date().toISOString());
    expect(await nodes[1]?.getAsync('_shared')).toBeTruthy();
    await Promise.all(nodes.map((node) => node.removeAsync('_shared')));
    expect(removedBy).toHaveLength(1);
    expect(await nodes[0]?.getAsync('_shared')).toBeNull();
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example'])(
    'never sends the browser off-site for RelayState %s',
    async (target) => {
      const { options } = await t.startLogin();
      const response = await t.postToAcs(sign(options), target);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
    },
  );

  it('starts a login at the IdP from the external login address, keeping the return path', async () => {
    const response = await t.app.inject({ url: '/api/esign/Users/ExternalLogin?r=/esign/edit/1' });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe('https://idp.example.org/sso');
    expect(location.searchParams.get('RelayState')).toBe('/esign/edit/1');
    expect(decodeRedirectMessage(location.href, 'SAMLRequest')).toContain(
      `AssertionConsumerServiceURL="${samlAcsUrl(t.config)}"`,
    );
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
