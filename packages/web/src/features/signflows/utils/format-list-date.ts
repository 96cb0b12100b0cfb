import { formatDate, formatTime } from '../../../lib/dates.ts';

export interface ListDate {
  date: string;
  time: string;
}

/**
 * A list date in the user's language and time zone, its date and time apart so that a narrow
 * column can show them on two lines; null for a date the flow does not have.
 */
export function formatListDate(
  isoDate: string | null,
  language: string,
  timeZone?: string,
): ListDate | null {
  if (isoDate === null || Number.isNaN(new Date(isoDate).getTime())) return null;
  return {
    date: formatDate(isoDate, language, timeZone),
    time: formatTime(isoDate, language, timeZone),
  };
}
