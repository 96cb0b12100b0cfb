import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatTime,
  parseCalendarDate,
} from './dates.ts';

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

  it('shows the seconds when asked, as each language writes them', () => {
    const seconds = { seconds: true };
    expect(formatDateTime(afternoon, 'fi', helsinki, seconds)).toBe('25.11.2026 klo 13.05.00');
    expect(formatDateTime(afternoon, 'sv', helsinki, seconds)).toBe('2026-11-25 13:05:00');
    expect(formatDateTime(afternoon, 'en', helsinki, seconds)).toBe('25 Nov 2026, 13:05:00');
  });

  it('falls back to Finnish for another language and leaves a bad date as it is', () => {
    expect(formatDate(afternoon, 'xx', helsinki)).toBe('25.11.2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});

describe('calendar dates', () => {
  it('are written as each language writes dates', () => {
    expect(formatCalendarDate('2026-11-05', 'fi')).toBe('5.11.2026');
    expect(formatCalendarDate('2026-11-05', 'sv')).toBe('2026-11-05');
    expect(formatCalendarDate('2026-11-05', 'en')).toBe('5 Nov 2026');
    // Not a date: shown as it is, never as another day.
    expect(formatCalendarDate('2026-02-30', 'fi')).toBe('2026-02-30');
    expect(formatCalendarDate('5.11.', 'fi')).toBe('5.11.');
  });

  it('read back what each language writes, in every language', () => {
    for (const language of ['fi', 'sv', 'en']) {
      for (const iso of ['2026-01-31', '2024-02-29', '2026-12-01']) {
        expect(parseCalendarDate(formatCalendarDate(iso, language), language)).toBe(iso);
        expect(parseCalendarDate(iso, language)).toBe(iso);
      }
    }
  });

  it('read the usual ways of typing a date', () => {
    expect(parseCalendarDate(' 5.11.2026 ', 'fi')).toBe('2026-11-05');
    expect(parseCalendarDate('05.11.2026.', 'fi')).toBe('2026-11-05');
    expect(parseCalendarDate('5/11/2026', 'en')).toBe('2026-11-05');
    expect(parseCalendarDate('2026-1-5', 'sv')).toBe('2026-01-05');
    expect(parseCalendarDate('5 november 2026', 'en')).toBe('2026-11-05');
    expect(parseCalendarDate('5. marraskuuta 2026', 'fi')).toBe('2026-11-05');
    expect(parseCalendarDate('5 nov. 2026', 'sv')).toBe('2026-11-05');
    expect(parseCalendarDate('5 Nov 2026', 'fi')).toBe('2026-11-05');
  });

  it('refuse what is no date', () => {
    for (const text of ['', '30.2.2026', '29.2.2026', '12/13/2026', '5.11.26', '5 foo 2026', 'x']) {
      expect(parseCalendarDate(text, 'fi')).toBeUndefined();
    }
  });
});
