import type { Profile } from '@node-saml/node-saml';
import { describe, expect, it } from 'vitest';
import { identityFromProfile } from './saml-identity.ts';

const profileWith = (
  attributes: Record<string, unknown>,
  nameID = '_t1',
  nameIDFormat = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
): Profile => ({
  issuer: 'https://idp.example.org/idp',
  nameID,
  nameIDFormat,
  attributes,
});

describe('identityFromProfile', () => {
  it('takes the first e-mail address, the cn as the name and every entitlement as a group', () => {
    const identity = identityFromProfile(
      profileWith({
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'anna@uni.example.fi',
        'urn:oid:0.9.2342.19200300.100.1.3': ['anna@uni.example.fi', 'anna.alt@uni.example.fi'],
        'urn:oid:2.5.4.3': 'Anna Esimerkki',
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.7': ['urn:a', 'urn:b'],
      }),
    );
    expect(identity).toEqual({
      issuer: 'https://idp.example.org/idp',
      subject: 'anna@uni.example.fi',
      email: 'anna@uni.example.fi',
      displayName: 'Anna Esimerkki',
      organisation: null,
      title: null,
      groups: ['urn:a', 'urn:b'],
    });
  });

  it('falls back to a persistent NameID as the subject and to the e-mail as the name', () => {
    const persistent = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
    const identity = identityFromProfile(
      profileWith({ mail: 'x@example.fi' }, 'abc123', persistent),
    );
    expect(identity).toMatchObject({ subject: 'abc123', displayName: 'x@example.fi', groups: [] });
  });

  it('refuses a malformed e-mail address', () => {
    expect(() =>
      identityFromProfile(
        profileWith({ eduPersonPrincipalName: 'a@b.fi', mail: 'not-an-address' }),
      ),
    ).toThrow(/e-mail/);
  });
});
