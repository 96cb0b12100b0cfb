import { describe, expect, it } from 'vitest';
import { clampToastDelay, withToast } from './toast-timing.ts';

describe('the toast auto-hide delay', () => {
  it('is 5000 ms when none is given', () => {
    expect(clampToastDelay()).toBe(5000);
    expect(clampToastDelay(Number.NaN)).toBe(5000);
  });

  it('is never under 1000 ms', () => {
    expect(clampToastDelay(200)).toBe(1000);
    expect(clampToastDelay(-5)).toBe(1000);
    expect(clampToastDelay(1000)).toBe(1000);
  });

  it('keeps a longer delay as given', () => {
    expect(clampToastDelay(8000)).toBe(8000);
  });
});

describe('the toasts shown at once', () => {
  it('are at most three: a fourth pushes out the oldest', () => {
    let shown: number[] = [];
    for (const id of [1, 2, 3]) shown = withToast(shown, id);
    expect(shown).toEqual([1, 2, 3]);
    expect(withToast(shown, 4)).toEqual([2, 3, 4]);
  });
});
