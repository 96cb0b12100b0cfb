import { describe, expect, it } from 'vitest';
import { subjectNamesIdentifier } from '../signing/qualified/credential-owner.ts';
import { certificateSubjectOf } from './personal-identity.ts';

describe('subjectNamesIdentifier', () => {
  it('finds a SATU given as the subject serialNumber', () => {
    expect(subjectNamesIdentifier('C=FI, serialNumber=10011187H, CN=Anna', '10011187H')).toBe(true);
  });

  it('finds an identity code in the ETSI semantics form', () => {
    expect(subjectNamesIdentifier('serialNumber=PNOFI-131052-308T, CN=A', '131052-308T')).toBe(
      true,
    );
  });

  it('does not take a part of another attribute or another number for it', () => {
    expect(subjectNamesIdentifier('CN=10011187H', '10011187H')).toBe(false);
    expect(subjectNamesIdentifier('serialNumber=110011187H', '10011187H')).toBe(false);
    expect(subjectNamesIdentifier('serialNumber=PNOFI-131052A308T', '131052-308T')).toBe(false);
  });
});

describe('certificateSubjectOf', () => {
  it('answers null when there is no certificate or it does not parse', () => {
    const identity = { method: 'oidc' as const, email: null, name: null, certificates: [] };
    expect(certificateSubjectOf(null)).toBeNull();
    expect(certificateSubjectOf(identity)).toBeNull();
    expect(certificateSubjectOf({ ...identity, certificates: ['bm90IGEgY2VydA=='] })).toBeNull();
  });
});
