import { describe, expect, it } from 'vitest';
import { addCalendarDays, todayIn } from '../../../lib/dates.ts';
import { expiryDateRangeOf } from './expiry-date.ts';

describe('the deadline a flow may have', () => {
  const config = {
    TimeZone: 'Europe/Helsinki',
    SigningDeadlineDays: 30,
    SigningDeadlineMaxDays: 365,
  };

  it('runs from today in the portal’s time zone, not the browser’s', () => {
    // 23.30 UTC on 31 December is already 1 January in Helsinki.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/Helsinki', now)).toBe('2027-01-01');
    expect(todayIn('UTC', now)).toBe('2026-12-31');
    expect(expiryDateRangeOf(config, now)).toEqual({
      min: '2027-01-01',
      initial: '2027-01-31',
      max: '2028-01-01',
    });
  });

  it('counts days over month ends and leap days', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-01-31', 30)).toBe('2026-03-02');
  });
});
