import { describe, expect, it } from 'vitest';
import { escapeCsvCell, toCsv } from './csv.ts';

describe('a CSV cell', () => {
  it.each(['=SUM(A1:A9)', '+41 123', '-2+3', '@cmd', '\tindented', '\rreturn'])(
    'starting like a formula (%j) gets a leading single quote',
    (value) => {
      expect(escapeCsvCell(value).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('is quoted when it holds a quote, comma, semicolon or line break, with quotes doubled', () => {
    expect(escapeCsvCell('Sign, "quickly"')).toBe('"Sign, ""quickly"""');
    expect(escapeCsvCell('a;b')).toBe('"a;b"');
    expect(escapeCsvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('quotes a neutralised formula that also needs quoting', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(escapeCsvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('leaves ordinary text, months and counts as they are', () => {
    expect(escapeCsvCell('Successful login')).toBe('Successful login');
    expect(escapeCsvCell('2026-02')).toBe('2026-02');
    expect(escapeCsvCell(12741)).toBe('12741');
  });
});

describe('CSV text', () => {
  it('joins cells with commas and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['Month', 'Event', 'Count'],
        ['2026-01', 'Signing', 2],
      ]),
    ).toBe('Month,Event,Count\r\n2026-01,Signing,2\r\n');
  });
});
