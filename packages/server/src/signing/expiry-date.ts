import { validationKeys, type FieldIssue } from '@esign/contract';
import type { AppConfig } from '../config/env.ts';
import { addDays, dateIn, endOfDay } from '../time/zoned-dates.ts';

type DeadlineConfig = Pick<
  AppConfig,
  'timeZone' | 'signingDeadlineDays' | 'signingDeadlineMaxDays'
>;

/** Today's date in the portal's time zone (TIME_ZONE). */
export const todayIn = (config: Pick<AppConfig, 'timeZone'>, now: Date) =>
  dateIn(now, config.timeZone);

/** The deadline a flow gets when the sender chooses none: SIGNING_DEADLINE_DAYS from today. */
export function defaultExpiryDate(config: DeadlineConfig, now: Date): string {
  return addDays(todayIn(config, now), config.signingDeadlineDays);
}

/** The deadline a draft is sent with: its own, or the default for a draft saved before dates were chosen. */
export function sendingExpiryDate(
  config: DeadlineConfig,
  flow: { expiry_date: string | null },
  now: Date,
): string {
  return flow.expiry_date ?? defaultExpiryDate(config, now);
}

/** The instant a flow with this deadline expires: the end of the date in the portal's time zone. */
export function deadlineOf(config: Pick<AppConfig, 'timeZone'>, expiryDate: string): Date {
  return new Date(endOfDay(expiryDate, config.timeZone));
}

/** The date a stored deadline falls on (flows sent before the date was chosen have only the instant). */
export function expiryDateOf(
  config: Pick<AppConfig, 'timeZone'>,
  flow: { expiry_date: string | null; deadline_at: Date | string | null },
): string | null {
  if (flow.expiry_date !== null) return flow.expiry_date;
  return flow.deadline_at === null ? null : dateIn(new Date(flow.deadline_at), config.timeZone);
}

/**
 * Why a deadline cannot be set now, as field issues (empty when it can): it must be today or
 * later, at most SIGNING_DEADLINE_MAX_DAYS ahead, and (for an extension) after `laterThan`.
 */
export function expiryDateProblems(
  config: DeadlineConfig,
  expiryDate: string,
  now: Date,
  laterThan?: string | null,
): FieldIssue[] {
  const today = todayIn(config, now);
  const path = 'ExpiryDate';
  if (laterThan && expiryDate <= laterThan)
    return [{ path, key: validationKeys.expiryDateNotLater }];
  if (expiryDate < today) return [{ path, key: validationKeys.expiryDatePast }];
  if (expiryDate > addDays(today, config.signingDeadlineMaxDays))
    return [
      { path, key: validationKeys.expiryDateTooLate, params: { n: config.signingDeadlineMaxDays } },
    ];
  return [];
}
