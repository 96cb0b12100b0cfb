import { createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encrypt } from 'xml-encryption';
import { sessionCookieName } from '../src/auth/session.plugin.ts';
import { databaseKinds } from './support/databases.ts';
import { createTestKey, signXml, buildResponse } from './support/saml-idp.ts';
import { idpKey, useSamlTestApp } from './support/saml-app.ts';

const spKey = createTestKey('esign-sp');
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');

/** Encrypts the (already signed) Assertion for the SP, as a Shibboleth IdP does. */
async function encryptAssertion(signedResponse: string, certificate: string): Promise<string> {
  const start = signedResponse.indexOf('<saml:Assertion');
  const end = signedResponse.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length;
  const assertion = signedResponse
    .slice(start, end)
    .replace(
      '<saml:Assertion ',
      '<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ',
    );
  const encrypted = await new Promise<string>((resolve, reject) =>
    encrypt(
      assertion,
      {
        rsa_pub: certificate,
        pem: certificate,
        encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
        keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  return `${signedResponse.slice(0, start)}<saml:EncryptedAssertion>${encrypted}</saml:EncryptedAssertion>${signedResponse.slice(end)}`;
}

describe.each(databaseKinds)('the portal’s own SAML key pair on %s', (kind) => {
  const t = useSamlTestApp(kind, {
    SAML_SP_KEY: spKey.privateKey,
    SAML_SP_CERT: spKey.certificate,
  });

  it('publishes its certificate for signing and encryption in the metadata', async () => {
    const response = await t.app.inject({ url: '/api/esign/Users/saml/metadata' });
    expect(response.body).toMatch(/<KeyDescriptor use="signing">/);
    expect(response.body).toMatch(/<KeyDescriptor use="encryption">/);
    expect(response.body.replace(/\s/g, '')).toContain(pemBody(spKey.certificate));
  });

  it('signs its authentication requests with RSA-SHA256', async () => {
    const start = await t.app.inject({ url: '/api/esign/Users/ExternalLogin?r=%2Fgroups' });
    const url = new URL(String(start.headers.location));
    expect(url.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    // The redirect binding signs the raw query without the Signature parameter.
    const signedPart = url.search.slice(1).split('&Signature=')[0] ?? '';
    const verifier = createVerify('RSA-SHA256');
    verifier.update(signedPart);
    expect(
      verifier.verify(spKey.certificate, url.searchParams.get('Signature') ?? '', 'base64'),
    ).toBe(true);
  });

  it('logs in with a signed assertion encrypted for it', async () => {
    const { browser, options } = await t.startLogin('/reports');
    const signed = signXml(buildResponse(options), idpKey);
    const response = await t.postToAcs(await encryptAssertion(signed, spKey.certificate), browser);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/reports');
    expect(response.cookies.some((cookie) => cookie.name === sessionCookieName)).toBe(true);
  });

  it('refuses an assertion encrypted for someone else', async () => {
    const stranger = createTestKey('someone-else');
    const { browser, options } = await t.startLogin('/reports');
    const signed = signXml(buildResponse(options), idpKey);
    const response = await t.postToAcs(
      await encryptAssertion(signed, stranger.certificate),
      browser,
    );
    expect(response.headers.location).toBe('/login?failed=1');
    expect(response.cookies.some((cookie) => cookie.name === sessionCookieName)).toBe(false);
  });
});
