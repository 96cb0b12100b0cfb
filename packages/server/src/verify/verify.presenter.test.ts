import { describe, expect, it } from 'vitest';
import { isoOfPdfDate } from './verify.presenter.ts';

describe('a signature’s claimed time (/M)', () => {
  it('reads a PDF date with its offset as the same moment in UTC', () => {
    expect(isoOfPdfDate("D:20261125143005+02'00'")).toBe('2026-11-25T12:30:05.000Z');
    expect(isoOfPdfDate("D:20261125143005-05'30'")).toBe('2026-11-25T20:00:05.000Z');
    expect(isoOfPdfDate('D:20261125143005Z')).toBe('2026-11-25T14:30:05.000Z');
  });

  it('takes a date without a time or offset as its start in UTC', () => {
    expect(isoOfPdfDate('D:20261125')).toBe('2026-11-25T00:00:00.000Z');
  });

  it('is no time for no date or text that is none', () => {
    expect(isoOfPdfDate(null)).toBeNull();
    expect(isoOfPdfDate('25.11.2026')).toBeNull();
  });
});
