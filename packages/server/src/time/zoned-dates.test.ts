import { describe, expect, it } from 'vitest';
import { dateIn, endOfDay } from './zoned-dates.ts';

const iso = (instant: number) => new Date(instant).toISOString();

describe('endOfDay', () => {
  it('is the last millisecond of the date in the zone, winter and summer time alike', () => {
    expect(iso(endOfDay('2026-01-15', 'Europe/Helsinki'))).toBe('2026-01-15T21:59:59.999Z');
    expect(iso(endOfDay('2026-07-15', 'Europe/Helsinki'))).toBe('2026-07-15T20:59:59.999Z');
  });

  it('ends the day the clocks go back an hour later than the day before', () => {
    expect(iso(endOfDay('2026-10-24', 'Europe/Helsinki'))).toBe('2026-10-24T20:59:59.999Z');
    expect(iso(endOfDay('2026-10-25', 'Europe/Helsinki'))).toBe('2026-10-25T21:59:59.999Z');
  });
});

describe('dateIn', () => {
  it('reads the date in the zone, not in UTC', () => {
    expect(dateIn(new Date('2026-03-31T21:30:00Z'), 'Europe/Helsinki')).toBe('2026-04-01');
    expect(dateIn(new Date('2026-03-31T21:30:00Z'), 'UTC')).toBe('2026-03-31');
    expect(dateIn(new Date('2026-04-01T03:00:00Z'), 'America/New_York')).toBe('2026-03-31');
  });
});
