import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, validityMinutes } from './format.ts';

describe('a file size', () => {
  it('is written in bytes, kilobytes or megabytes as fits', () => {
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
  });

  it('follows the language’s decimal comma and unit names', () => {
    expect(formatFileSize(1536, 'fi')).toMatch(/^1,5\s?kt$/);
    expect(formatFileSize(1536, 'sv')).toMatch(/^1,5\s?kB$/);
  });

  it('still gives a number in the pseudo-locale', () => {
    expect(formatFileSize(2048, 'xx')).toMatch(/^2\s?kB$/);
  });
});

describe('a signing time', () => {
  it('is written with date and time in the signer’s language and time zone', () => {
    const text = formatDateTime('2025-03-12T12:05:00Z', 'fi', 'Europe/Helsinki');
    expect(text).toContain('2025');
    expect(text).toContain('14.05');
    expect(formatDateTime('2025-03-12T12:05:00Z', 'en', 'UTC')).toContain('12:05');
  });

  it('keeps a Swedish date whole at a line end: its hyphens do not break', () => {
    expect(formatDateTime('2025-03-12T12:05:00Z', 'sv', 'Europe/Helsinki')).toBe(
      '2025\u201103\u201112 14:05',
    );
  });

  it('is absent for a missing or unreadable date', () => {
    expect(formatDateTime(null, 'fi')).toBeNull();
    expect(formatDateTime('not a date', 'fi')).toBeNull();
  });
});

describe('how long a code is valid', () => {
  it('is told in whole minutes, at least one', () => {
    expect(validityMinutes(600)).toBe(10);
    expect(validityMinutes(20)).toBe(1);
  });
});
