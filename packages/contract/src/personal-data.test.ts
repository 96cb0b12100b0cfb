import { describe, expect, it } from 'vitest';
import { isValidSatu, PersonalDataQuery } from './personal-data.ts';

const issuesOf = (body: unknown) => {
  const result = PersonalDataQuery.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), key: issue.message }));
};

describe('isValidSatu', () => {
  it('accepts the example of STANDARDS.md', () => {
    expect(isValidSatu('10011187H')).toBe(true);
  });

  it('accepts a check character that is a digit', () => {
    // 10011171 = 31 · 322941, so the remainder 0 gives the check character '0'.
    expect(isValidSatu('100111710')).toBe(true);
  });

  it.each([
    ['10011187J', 'a wrong check character'],
    ['10011187h', 'a lower-case check character'],
    ['1001118H', 'seven digits'],
    ['100111870H', 'nine digits'],
    ['10011187G', 'a letter the table never uses'],
    [' 10011187H', 'surrounding space'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (value) => {
    expect(isValidSatu(value)).toBe(false);
  });
});

describe('PersonalDataQuery', () => {
  it('accepts each kind of identifier and trims the surrounding space', () => {
    expect(PersonalDataQuery.parse({ IdentifierType: 'Ssn', Identifier: ' 131052A308T ' })).toEqual(
      { IdentifierType: 'Ssn', Identifier: '131052A308T' },
    );
    expect(issuesOf({ IdentifierType: 'Email', Identifier: 'user@example.com' })).toEqual([]);
    expect(issuesOf({ IdentifierType: 'Satu', Identifier: '10011187H' })).toEqual([]);
  });

  it.each([
    ['131052-308S', 'a wrong check character'],
    ['310290-999J', 'the 31st of February'],
    ['131052a308T', 'a lower-case century sign'],
    ['131052G308T', 'a sign no century has'],
  ])('refuses the identity code %s (%s) with its own message', (code) => {
    expect(issuesOf({ IdentifierType: 'Ssn', Identifier: code })).toEqual([
      { path: 'Identifier', key: 'validation.invalidPersonalIdentityCode' },
    ]);
  });

  it('checks the identifier by the type chosen', () => {
    expect(issuesOf({ IdentifierType: 'Email', Identifier: '131052-308T' })).toEqual([
      { path: 'Identifier', key: 'validation.invalidEmail' },
    ]);
    expect(issuesOf({ IdentifierType: 'Satu', Identifier: '131052-308T' })).toEqual([
      { path: 'Identifier', key: 'validation.invalidSatu' },
    ]);
  });

  it('asks for an identifier once when none is given', () => {
    expect(issuesOf({ IdentifierType: 'Ssn', Identifier: '  ' })).toEqual([
      { path: 'Identifier', key: 'validation.required' },
    ]);
  });

  it('refuses an unknown identifier type', () => {
    expect(issuesOf({ IdentifierType: 'Passport', Identifier: 'X' })).toHaveLength(1);
  });
});
