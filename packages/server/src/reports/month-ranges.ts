/** One calendar month of a report: its label and the UTC instants it runs from (inclusive) and to (exclusive). */
export interface MonthRange {
  month: string;
  from: string;
  to: string;
}

const dayMs = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall-clock reading at an instant, expressed as if that reading were UTC. */
function wallClockAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = new Date(0);
  wall.setUTCFullYear(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1);
  wall.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, 0);
  return wall.getTime();
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return wallClockAt(whole, timeZone) - whole;
}

/** Midnight of a calendar date read as UTC: the date's "wall" value. */
function wallMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/**
 * The first instant of a calendar day in the zone. Offsets are taken a day either side, so
 * a change of offset near midnight is seen; when midnight falls in a gap (clocks jump past
 * it) the day begins at the jump, and when it occurs twice the day begins at the first.
 */
export function startOfDay(date: string, timeZone: string): number {
  const wall = wallMidnight(date);
  const candidates = [offsetAt(wall - dayMs, timeZone), offsetAt(wall + dayMs, timeZone)].map(
    (offset) => wall - offset,
  );
  const inDay = candidates.filter((instant) => wallClockAt(instant, timeZone) >= wall);
  return Math.min(...(inDay.length ? inDay : candidates));
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The calendar date a number of days after another (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(wallMidnight(date) + days * dayMs).toISOString().slice(0, 10);
}

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
