import { describe, expect, it } from 'vitest';
import { parsePdfDate, pdfDate } from './serializer.ts';
import { PdfString } from './values.ts';

const date = (text: string) => parsePdfDate(new PdfString(Buffer.from(text, 'latin1'), false));

describe('parsePdfDate', () => {
  it('reads what pdfDate writes, and offsets from UTC', () => {
    const time = new Date('2026-11-22T10:00:00Z');
    expect(parsePdfDate(pdfDate(time))).toEqual(time);
    expect(date("D:20261122120000+02'00'")).toEqual(time);
    expect(date("D:20261122053000-04'30'")).toEqual(time);
    expect(date('D:20261122100000Z')).toEqual(time);
    expect(date('D:2026')).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('answers null for text that is no PDF date', () => {
    expect(date('22.11.2026 klo 10')).toBeNull();
    expect(date('')).toBeNull();
  });
});
