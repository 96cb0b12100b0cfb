import { describe, expect, it } from 'vitest';
import { sessionCookieName } from '../src/auth/session.plugin.ts';
import { databaseKinds } from './support/databases.ts';
import { idpKey, otherKey, signedResponse, useSamlTestApp } from './support/saml-app.ts';
import {
  decodeRedirectMessage,
  logoutRequestXml,
  redirectQuery,
  signXml,
} from './support/saml-idp.ts';

describe.each(databaseKinds)('SAML single logout on %s', (kind) => {
  const t = useSamlTestApp(kind);
  const sloUrl = () => new URL('api/esign/Users/saml/slo', t.config.publicUrl).href;

  /** Logs in through the ACS; answers the session token and a counter of the NameID's sessions. */
  async function loggedInAs(nameId: string, sessionIndex: string) {
    const { browser, options } = await t.startLogin();
    const login = await t.postToAcs(signedResponse({ ...options, nameId, sessionIndex }), browser);
    const token = login.cookies.find((item) => item.name === sessionCookieName)?.value ?? '';
    const xsrf = login.cookies.find((item) => item.name === 'XSRF-TOKEN')?.value ?? '';
    const sessions = async () =>
      (
        await t.database.handle.db
          .selectFrom('sessions')
          .select('id')
          .where('saml_name_id', '=', nameId)
          .execute()
      ).length;
    expect(await sessions()).toBe(1);
    return { token, xsrf, sessions };
  }

  it('ends the session here and sends a LogoutRequest with its NameID and SessionIndex to the IdP', async () => {
    const { token, xsrf, sessions } = await loggedInAs('_n2', '_s2');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/esign/Users/ExternalLogout',
      cookies: { [sessionCookieName]: token, 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(logout.statusCode).toBe(200);
    expect(await sessions()).toBe(0);
    const location = logout.json<{ Location: string }>().Location;
    expect(location.startsWith('https://idp.example.org/slo?')).toBe(true);
    const request = decodeRedirectMessage(location, 'SAMLRequest');
    expect(request).toContain('>_n2</saml:NameID>');
    expect(request).toContain('>_s2</saml2p:SessionIndex>');
  });

  it('ends the sessions a signed LogoutRequest (redirect binding) names, and ignores unsigned or forged ones', async () => {
    const { sessions } = await loggedInAs('_n3', '_s3');
    const xml = logoutRequestXml({ nameId: '_n3', sessionIndex: '_s3', destination: sloUrl() });
    for (const key of [null, otherKey]) {
      const refused = await t.app.inject({
        url: `/api/esign/Users/saml/slo?${redirectQuery(xml, key)}`,
      });
      expect(refused.headers.location).toBe('/logout');
      expect(await sessions()).toBe(1);
    }
    const signed = await t.app.inject({
      url: `/api/esign/Users/saml/slo?${redirectQuery(xml, idpKey)}`,
    });
    expect(await sessions()).toBe(0);
    const answer = String(signed.headers.location);
    expect(answer.startsWith('https://idp.example.org/slo?SAMLResponse=')).toBe(true);
    expect(decodeRedirectMessage(answer, 'SAMLResponse')).toContain(
      'urn:oasis:names:tc:SAML:2.0:status:Success',
    );
    expect(await t.count('audit_events', 'User Logout Success')).toBeGreaterThanOrEqual(1);
  });

  it('ends the sessions a signed LogoutRequest (POST binding) names, and ignores an unsigned one', async () => {
    const { sessions } = await loggedInAs('_n4', '_s4');
    const xml = logoutRequestXml({ nameId: '_n4', sessionIndex: '_s4', destination: sloUrl() });
    const post = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/esign/Users/saml/slo',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'cross-site',
        },
        payload: new URLSearchParams({
          SAMLRequest: Buffer.from(body).toString('base64'),
        }).toString(),
      });
    expect((await post(xml)).headers.location).toBe('/logout');
    expect(await sessions()).toBe(1);
    expect((await post(signXml(xml, idpKey, 'LogoutRequest'))).statusCode).toBe(303);
    expect(await sessions()).toBe(0);
  });

  it('sends the browser to the logged-out notice after the IdP answers our LogoutRequest', async () => {
    const response = await t.app.inject({
      url: '/api/esign/Users/saml/slo?SAMLResponse=bm90IHNhbWw%3D',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/logout');
  });
});
