import { addDays, startOfDay } from '../time/zoned-dates.ts';

export { addDays, startOfDay };

/** One calendar month of a report: its label and the UTC instants it runs from (inclusive) and to (exclusive). */
export interface MonthRange {
  month: string;
  from: string;
  to: string;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The months a report from `start` to `end` (calendar dates, both included) covers in the
 * zone, each with the UTC instants of its boundaries; the first and last are cut at the
 * range's ends. Every boundary is a whole day in the zone, summer time included.
 */
export function monthRanges(start: string, end: string, timeZone: string): MonthRange[] {
  const ranges: MonthRange[] = [];
  let from = start;
  const after = addDays(end, 1);
  while (from < after) {
    const [year = 0, month = 1] = from.split('-').map(Number);
    const nextMonth =
      month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1)}-01`;
    const to = nextMonth < after ? nextMonth : after;
    ranges.push({
      month: from.slice(0, 7),
      from: new Date(startOfDay(from, timeZone)).toISOString(),
      to: new Date(startOfDay(to, timeZone)).toISOString(),
    });
    from = to;
  }
  return ranges;
}
