import { describe, expect, it } from 'vitest';
import { addDays, monthRanges, startOfDay } from './month-ranges.ts';

const iso = (instant: number) => new Date(instant).toISOString();

describe('startOfDay', () => {
  it('finds Helsinki midnight in winter (UTC+2) and in summer (UTC+3)', () => {
    expect(iso(startOfDay('2026-02-01', 'Europe/Helsinki'))).toBe('2026-01-31T22:00:00.000Z');
    expect(iso(startOfDay('2026-04-01', 'Europe/Helsinki'))).toBe('2026-03-31T21:00:00.000Z');
  });

  it('uses the offset in force at midnight on the days summer time begins and ends', () => {
    expect(iso(startOfDay('2026-03-29', 'Europe/Helsinki'))).toBe('2026-03-28T22:00:00.000Z');
    expect(iso(startOfDay('2026-10-25', 'Europe/Helsinki'))).toBe('2026-10-24T21:00:00.000Z');
  });

  it('starts the day at the jump when clocks skip midnight (Santiago, September 2026)', () => {
    expect(iso(startOfDay('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('starts the day after the repeated hour when clocks fall back at midnight (Santiago, April 2026)', () => {
    expect(iso(startOfDay('2026-04-05', 'America/Santiago'))).toBe('2026-04-05T04:00:00.000Z');
  });
});

describe('monthRanges', () => {
  it('cuts the first and last month at the range and joins the months end to end', () => {
    const ranges = monthRanges('2025-12-15', '2026-02-10', 'Europe/Helsinki');
    expect(ranges).toEqual([
      { month: '2025-12', from: '2025-12-14T22:00:00.000Z', to: '2025-12-31T22:00:00.000Z' },
      { month: '2026-01', from: '2025-12-31T22:00:00.000Z', to: '2026-01-31T22:00:00.000Z' },
      { month: '2026-02', from: '2026-01-31T22:00:00.000Z', to: '2026-02-10T22:00:00.000Z' },
    ]);
  });

  it('gives one range for a single day and twelve for a calendar year', () => {
    expect(monthRanges('2026-02-10', '2026-02-10', 'Asia/Kolkata')).toEqual([
      { month: '2026-02', from: '2026-02-09T18:30:00.000Z', to: '2026-02-10T18:30:00.000Z' },
    ]);
    expect(monthRanges('2026-01-01', '2026-12-31', 'UTC').map((range) => range.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`),
    );
  });

  it('moves the boundary an hour when summer time begins inside the range', () => {
    const [march, april] = monthRanges('2026-03-01', '2026-04-30', 'Europe/Helsinki');
    expect(march?.from).toBe('2026-02-28T22:00:00.000Z');
    expect(march?.to).toBe('2026-03-31T21:00:00.000Z');
    expect(april?.to).toBe('2026-04-30T21:00:00.000Z');
  });
});

describe('addDays', () => {
  it('crosses month and year ends, leap days included', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
