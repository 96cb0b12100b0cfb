import { describe, expect, it } from 'vitest';
import {
  identityMatchesSigner,
  verifiedIdentityFromClaims,
  type VerifiedIdentity,
} from './verified-identity.ts';

const identity = (email: string | null): VerifiedIdentity => ({
  method: 'oidc',
  issuer: 'https://idp.example.fi',
  subject: 's-1',
  name: 'Maija Meikäläinen',
  email,
  personalIdentityCode: '311280-999J',
});

const collectWarnings = () => {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  return {
    warnings,
    log: {
      warn: (details: Record<string, unknown>, message: string) =>
        warnings.push({ details, message }),
    },
  };
};

describe('identityMatchesSigner', () => {
  const signer = { email: 'Maija.Meikalainen@Example.fi', name: 'Maija Meikäläinen' };

  it('matches the verified e-mail address to the signer, ignoring case', () => {
    expect(identityMatchesSigner(identity('maija.meikalainen@example.fi'), signer)).toBe(true);
  });

  it('does not match another address, even with the same name and a valid identity code', () => {
    expect(identityMatchesSigner(identity('maija@example.fi'), signer)).toBe(false);
  });

  it('does not match an identity without an e-mail address', () => {
    expect(identityMatchesSigner(identity(null), signer)).toBe(false);
    expect(identityMatchesSigner(identity(''), { ...signer, email: '' })).toBe(false);
  });

  it('matches by the personal identity code the sender gave, even when the provider proves no e-mail', () => {
    const known = { ...signer, personal_identity_code: '311280-999J' };
    expect(identityMatchesSigner(identity(null), known)).toBe(true);
    expect(identityMatchesSigner({ email: null, personalIdentityCode: '311280-999j' }, known)).toBe(
      true,
    );
  });

  it('refuses another code, or none, when the sender gave one, whatever the e-mail address', () => {
    const known = { ...signer, personal_identity_code: '010101A999P' };
    expect(identityMatchesSigner(identity('maija.meikalainen@example.fi'), known)).toBe(false);
    expect(
      identityMatchesSigner(
        { email: 'maija.meikalainen@example.fi', personalIdentityCode: null },
        known,
      ),
    ).toBe(false);
  });
});

describe('verifiedIdentityFromClaims', () => {
  it('reads the subject, name, e-mail and personal identity code from the named claim', () => {
    const { warnings, log } = collectWarnings();
    expect(
      verifiedIdentityFromClaims(
        'https://idp.example.fi',
        {
          sub: 's-1',
          given_name: 'Maija',
          family_name: 'Meikäläinen',
          email: 'maija@example.fi',
          email_verified: true,
          nationalIdentificationNumber: '131052-308T',
        },
        'nationalIdentificationNumber',
        log,
      ),
    ).toEqual({
      method: 'oidc',
      issuer: 'https://idp.example.fi',
      subject: 's-1',
      name: 'Maija Meikäläinen',
      email: 'maija@example.fi',
      personalIdentityCode: '131052-308T',
    });
    expect(warnings).toEqual([]);
  });

  it('takes the code out of a Haka-style personal unique identifier', () => {
    const { log } = collectWarnings();
    const claims = {
      sub: 's',
      schacPersonalUniqueID: 'urn:schac:personalUniqueID:fi:FIC:131052A308T',
    };
    expect(
      verifiedIdentityFromClaims('https://idp', claims, 'schacPersonalUniqueID', log)
        .personalIdentityCode,
    ).toBe('131052A308T');
  });

  it('treats an invalid code as absent and warns without the value', () => {
    const { warnings, log } = collectWarnings();
    const result = verifiedIdentityFromClaims(
      'https://idp',
      { sub: 's-2', hetu: '131052-308S' },
      'hetu',
      log,
    );
    expect(result.personalIdentityCode).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain('131052');
    expect(warnings[0]?.details).toEqual({ issuer: 'https://idp', subject: 's-2', claim: 'hetu' });
  });

  it('leaves out an address the provider has not verified, and a missing code without a warning', () => {
    const { warnings, log } = collectWarnings();
    const result = verifiedIdentityFromClaims(
      'https://idp',
      { sub: 's-3', email: 'admin@example.fi', email_verified: false },
      'hetu',
      log,
    );
    expect(result).toMatchObject({ email: null, name: null, personalIdentityCode: null });
    expect(warnings).toEqual([]);
  });
});
