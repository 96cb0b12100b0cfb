import { describe, expect, it } from 'vitest';
import { identityFromClaims } from './oidc-login.ts';

describe('identityFromClaims', () => {
  it('maps the standard and extra claims to the portal user', () => {
    expect(
      identityFromClaims('https://idp.example.fi', {
        sub: 'u-1',
        email: 'maija@example.fi',
        email_verified: true,
        given_name: 'Maija',
        family_name: 'Meikäläinen',
        title: 'Researcher',
        schacHomeOrganization: 'uni.example.fi',
        groups: ['esign-admins', 7],
        eduPersonEntitlement: ['urn:mace:uni.example.fi:signers'],
      }),
    ).toEqual({
      issuer: 'https://idp.example.fi',
      subject: 'u-1',
      email: 'maija@example.fi',
      displayName: 'Maija Meikäläinen',
      organisation: 'uni.example.fi',
      title: 'Researcher',
      groups: ['esign-admins', 'urn:mace:uni.example.fi:signers'],
    });
  });

  it('ignores an e-mail address the provider says it has not verified', () => {
    const identity = identityFromClaims('https://idp', {
      sub: 'u-2',
      email: 'admin@example.fi',
      email_verified: false,
    });
    expect(identity.email).toBe('');
  });

  it('falls back to the e-mail address when there is no name', () => {
    expect(
      identityFromClaims('https://idp', { sub: 'u-3', email: 'x@example.fi' }).displayName,
    ).toBe('x@example.fi');
  });
});
