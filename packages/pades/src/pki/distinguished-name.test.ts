import { describe, expect, it } from 'vitest';
import { buildName } from './distinguished-name.ts';

describe('buildName', () => {
  it('orders the attributes from country to common name', () => {
    const name = buildName({
      commonName: 'Maija Meikäläinen',
      serialNumber: 'PNOFI-131052-308T',
      givenName: 'Maija',
      surname: 'Meikäläinen',
      country: 'FI',
    });
    expect(name.toString()).toBe(
      'C=FI, SN=Meikäläinen, G=Maija, 2.5.4.5=PNOFI-131052-308T, CN=Maija Meikäläinen',
    );
  });

  it('keeps characters that are special in DN strings as they are', () => {
    const name = buildName({ organisation: 'Oy "Testi", Ab\\', commonName: 'A+B' });
    expect(name.getField('O')).toEqual(['Oy "Testi", Ab\\']);
    expect(name.getField('CN')).toEqual(['A+B']);
  });

  it('refuses an empty or overlong common name and a country that is not a two-letter code', () => {
    expect(() => buildName({ commonName: ' ' })).toThrow(/commonName must be 1-64 characters/);
    expect(() => buildName({ commonName: 'x'.repeat(65) })).toThrow(/commonName/);
    expect(() => buildName({ commonName: 'x', country: 'Finland' })).toThrow(/country/);
  });
});
