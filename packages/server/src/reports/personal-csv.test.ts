import { describe, expect, it } from 'vitest';
import { csvField, utf8Bom, writeCsv } from './personal-csv.ts';

describe('csvField', () => {
  it('leaves plain text, numbers and Finnish letters as they are', () => {
    expect(csvField('Vuokrasopimus äö')).toBe('Vuokrasopimus äö');
    expect(csvField(42)).toBe('42');
    expect(csvField('131052-308T')).toBe('131052-308T');
  });

  it('writes nothing for a missing value', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break and doubles its quotes', () => {
    expect(csvField('Smith, John')).toBe('"Smith, John"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=1+1', '+358401234567', '-2+3', '@SUM(A1:A2)', '\tcmd', '\rcmd'])(
    'puts a single quote before %j so that a spreadsheet shows it as text',
    (value) => {
      expect(
        csvField(value)
          .replace(/^"/, '')
          .startsWith(`'${value.charAt(0)}`),
      ).toBe(true);
    },
  );

  it('quotes a formula that also holds a quote or comma, after neutralising it', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
  });
});

describe('writeCsv', () => {
  it('starts with the BOM, writes the header and ends every line with CRLF', () => {
    const csv = writeCsv(['Section', 'Name'] as const, [
      { Section: 'flow', Name: 'Sopimus' },
      { Section: 'user' },
    ]);
    expect(csv).toBe(`${utf8Bom}Section,Name\r\nflow,Sopimus\r\nuser,\r\n`);
  });
});
