/*
 * Calendar dates (YYYY-MM-DD) in an IANA time zone, and the UTC instants their days begin
 * and end at: reports count whole days in TIME_ZONE, and a flow's deadline is the end of a date there.
 */

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

/** The calendar date a number of days after another (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(wallMidnight(date) + days * dayMs).toISOString().slice(0, 10);
}

/** The calendar date (YYYY-MM-DD) in the zone at an instant. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Date(wallClockAt(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** The last millisecond of a calendar day in the zone: a deadline on that date passes right after it. */
export function endOfDay(date: string, timeZone: string): number {
  return startOfDay(addDays(date, 1), timeZone) - 1;
}
