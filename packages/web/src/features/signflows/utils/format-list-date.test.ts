import { describe, expect, it } from 'vitest';
import { formatListDate } from './format-list-date.ts';

const noon = '2025-03-12T12:05:00Z';

describe('a date in the list', () => {
  it('is written the Finnish, English or Swedish way in the user’s time zone', () => {
    expect(formatListDate(noon, 'fi', 'Europe/Helsinki')).toEqual({
      date: '12.3.2025',
      time: '14.05',
    });
    expect(formatListDate(noon, 'en', 'Europe/Helsinki')).toEqual({
      date: '12 Mar 2025',
      time: '14:05',
    });
    expect(formatListDate(noon, 'sv', 'Europe/Helsinki')).toEqual({
      date: '2025-03-12',
      time: '14:05',
    });
  });

  it('follows the time zone, also across midnight', () => {
    expect(formatListDate('2025-03-12T23:30:00Z', 'fi', 'Europe/Helsinki')).toEqual({
      date: '13.3.2025',
      time: '1.30',
    });
    expect(formatListDate('2025-03-12T23:30:00Z', 'fi', 'UTC')).toEqual({
      date: '12.3.2025',
      time: '23.30',
    });
  });

  it('is absent for a date the flow does not have, or one that cannot be read', () => {
    expect(formatListDate(null, 'fi')).toBeNull();
    expect(formatListDate('not a date', 'fi')).toBeNull();
  });

  it('shows a language it does not have in Finnish, the default', () => {
    expect(formatListDate(noon, 'not a tag', 'UTC')?.date).toBe('12.3.2025');
  });
});
