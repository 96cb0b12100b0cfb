import { describe, expect, it } from 'vitest';
import {
  isValidPersonalIdentityCode,
  parsePersonalIdentityCode,
} from './personal-identity-code.ts';

describe('parsePersonalIdentityCode', () => {
  it.each([
    ['131052-308T', '1952-10-13', false],
    ['131052A308T', '2052-10-13', false],
    ['311280-999J', '1980-12-31', true],
    ['010100+123D', '1800-01-01', false],
    ['290200A4561', '2000-02-29', false],
    ['311299V9008', '1999-12-31', true],
    ['240587Y9033', '1987-05-24', true],
    ['010185U002E', '1985-01-01', false],
  ])('reads %s as born on %s (temporary: %s)', (code, birthDate, temporary) => {
    expect(parsePersonalIdentityCode(code)).toEqual({ birthDate, temporary });
  });

  it('accepts every century sign, old and new, with the same digits', () => {
    const signs = ['+', '-', 'Y', 'X', 'W', 'V', 'U', 'A', 'B', 'C', 'D', 'E', 'F'];
    expect(signs.filter((sign) => isValidPersonalIdentityCode(`131052${sign}308T`))).toEqual(signs);
  });

  it('tells the centuries apart by the sign', () => {
    expect(parsePersonalIdentityCode('131052+308T')?.birthDate).toBe('1852-10-13');
    expect(parsePersonalIdentityCode('131052X308T')?.birthDate).toBe('1952-10-13');
    expect(parsePersonalIdentityCode('131052F308T')?.birthDate).toBe('2052-10-13');
  });

  it.each([
    ['131052-308S', 'a wrong check character'],
    ['290223A9009', 'the 29th of February in a common year'],
    ['290200-4561', 'the 29th of February 1900, not a leap year'],
    ['310490-123D', 'the 31st of April'],
    ['001052-308D', 'day zero'],
    ['131352-3087', 'month 13'],
    ['010100A001F', 'an individual number never given (001)'],
    ['131052-308', 'a missing check character'],
    ['131052-308TT', 'one character too many'],
    ['13105-308T', 'a short date'],
    ['', 'nothing'],
    ['131052a308T', 'a lowercase century sign'],
    ['311280-999j', 'a lowercase check character'],
    ['131052G308T', 'an unknown century sign'],
    ['131052-308G', 'a check character the table does not have'],
    [' 131052-308T', 'leading white space'],
    ['131052–308T', 'a dash that is not a hyphen-minus'],
  ])('refuses %s: %s', (code) => {
    expect(parsePersonalIdentityCode(code)).toBeNull();
    expect(isValidPersonalIdentityCode(code)).toBe(false);
  });
});
