import { uiTiming } from '@esign/contract';

/** How long a toast stays: 5000 ms unless told otherwise, and never under 1000 ms (SPEC §9). */
export function clampToastDelay(delay?: number): number {
  if (delay === undefined || !Number.isFinite(delay)) return uiTiming.toastAutoHideMs;
  return Math.max(uiTiming.toastMinimumMs, delay);
}

/** At most this many toasts show at once; a new one pushes out the oldest. */
export const maxShownToasts = 3;

/** The toasts to show once `added` joins `shown`: the newest few. */
export function withToast<T>(shown: readonly T[], added: T): T[] {
  return [...shown, added].slice(-maxShownToasts);
}
