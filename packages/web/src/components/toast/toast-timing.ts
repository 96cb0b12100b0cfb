import { uiTiming } from '@esign/contract';

/** How long a toast stays: 5000 ms unless told otherwise, and never under 1000 ms (SPEC §9). */
export function clampToastDelay(delay?: number): number {
  if (delay === undefined || !Number.isFinite(delay)) return uiTiming.toastAutoHideMs;
  return Math.max(uiTiming.toastMinimumMs, delay);
}
