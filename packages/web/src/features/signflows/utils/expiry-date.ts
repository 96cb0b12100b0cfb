import type { CommonConfig } from '@esign/contract';
import { addCalendarDays, todayIn } from '../../../lib/dates.ts';

/** The dates a flow's deadline may take today, and the one a new flow is offered. */
export interface ExpiryDateRange {
  min: string;
  max: string;
  initial: string;
}

/**
 * From today in the portal's time zone: the default SigningDeadlineDays ahead, at most
 * SigningDeadlineMaxDays ahead (the server judges the same way, and has the last word).
 */
export function expiryDateRangeOf(
  config: Pick<CommonConfig, 'TimeZone' | 'SigningDeadlineDays' | 'SigningDeadlineMaxDays'>,
  now: Date = new Date(),
): ExpiryDateRange {
  const today = todayIn(config.TimeZone, now);
  return {
    min: today,
    max: addCalendarDays(today, config.SigningDeadlineMaxDays),
    initial: addCalendarDays(today, config.SigningDeadlineDays),
  };
}
