import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates.ts';

// 13:05 in Helsinki on 25 November 2026 (winter time, UTC+2); still the 24th at 23:30 UTC.
const afternoon = '2026-11-25T11:05:00.000Z';
const lateUtc = '2026-11-24T23:30:00.000Z';
const helsinki = 'Europe/Helsinki';

describe('dates in the chosen language', () => {
  it('writes each language its own way, whatever the browser', () => {
    expect(formatDate(afternoon, 'fi', helsinki)).toBe('25.11.2026');
    expect(formatDate(afternoon, 'sv', helsinki)).toBe('2026-11-25');
    expect(formatDate(afternoon, 'en', helsinki)).toBe('25 Nov 2026');
  });

  it('takes the day and the time in the organisation’s time zone', () => {
    expect(formatDate(lateUtc, 'fi', helsinki)).toBe('25.11.2026');
    expect(formatDate(lateUtc, 'fi', 'UTC')).toBe('24.11.2026');
    expect(formatTime(afternoon, 'fi', helsinki)).toBe('13.05');
    expect(formatTime(afternoon, 'en', helsinki)).toBe('13:05');
  });

  it('joins date and time as each language does', () => {
    expect(formatDateTime(afternoon, 'fi', helsinki)).toBe('25.11.2026 klo 13.05');
    expect(formatDateTime(afternoon, 'sv', helsinki)).toBe('2026-11-25 13:05');
    expect(formatDateTime(afternoon, 'en', helsinki)).toBe('25 Nov 2026, 13:05');
  });

  it('falls back to Finnish for another language and leaves a bad date as it is', () => {
    expect(formatDate(afternoon, 'xx', helsinki)).toBe('25.11.2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
