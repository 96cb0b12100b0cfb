import { formatDate } from '../../../lib/dates.ts';

/** A date in the user's language ('12.3.2026', '2026-03-12', '12 Mar 2026') and time zone. */
export function formatAccountDate(isoDate: string, language: string, timeZone?: string): string {
  return formatDate(isoDate, language, timeZone);
}
