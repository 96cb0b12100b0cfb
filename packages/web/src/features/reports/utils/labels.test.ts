import { describe, expect, it } from 'vitest';
import { formatCount, formatMonth, operationLabelKey } from './labels.ts';

describe('report labels', () => {
  it('name a catalogue key for each of SPEC §3’s operations and none for others', () => {
    expect(operationLabelKey('Sign')).toBe('reports.operations.sign');
    expect(operationLabelKey('User Logout Success')).toBe('reports.operations.userLogoutSuccess');
    expect(operationLabelKey('Opened')).toBeUndefined();
    expect(operationLabelKey('toString')).toBeUndefined();
  });

  it('write a month in words in the user’s language', () => {
    expect(formatMonth('2026-02', 'fi', 'long')).toBe('helmikuu 2026');
    expect(formatMonth('2026-02', 'en', 'long')).toBe('February 2026');
    expect(formatMonth('2026-12', 'sv', 'long')).toBe('december 2026');
  });

  it('group the digits of a count the language’s way', () => {
    expect(formatCount(12741, 'en')).toBe('12,741');
    expect(formatCount(7, 'fi')).toBe('7');
  });
});
