import { languageOf, type Language } from '@esign/contract';

// Dates as people write them in each of the portal's languages, whatever the browser's own
// locale: fi 25.11.2026, sv 2026-11-25, en 25 Nov 2026; times as 13.05 (fi) or 13:05, 24-hour.
const styles: Record<Language, { locale: string; date: Intl.DateTimeFormatOptions }> = {
  fi: { locale: 'fi-FI', date: { day: 'numeric', month: 'numeric', year: 'numeric' } },
  sv: { locale: 'sv-SE', date: { year: 'numeric', month: '2-digit', day: '2-digit' } },
  en: { locale: 'en-GB', date: { day: 'numeric', month: 'short', year: 'numeric' } },
};
const timeStyle: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const secondsStyle: Intl.DateTimeFormatOptions = { ...timeStyle, second: '2-digit' };

const formats = new Map<string, Intl.DateTimeFormat>();

type FormatKind = 'date' | 'time' | 'seconds';

function formatOf(language: string, kind: FormatKind, timeZone: string | undefined) {
  const { locale, date } = styles[languageOf(language)];
  const key = `${locale}|${kind}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (format === undefined) {
    const style = kind === 'date' ? date : kind === 'time' ? timeStyle : secondsStyle;
    const options = { ...style, timeZone };
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A time zone the browser does not know: the browser's own.
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined });
    }
    formats.set(key, format);
  }
  return format;
}

const instantOf = (iso: string) => {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
};

/** A date in the language's own way (25.11.2026, 2026-11-25, 25 Nov 2026), in the time zone. */
export function formatDate(iso: string, language: string, timeZone?: string): string {
  const instant = instantOf(iso);
  return instant ? formatOf(language, 'date', timeZone).format(instant) : iso;
}

/** Whether a time shows its seconds (events seconds apart, such as webhook deliveries). */
export interface TimeOptions {
  seconds?: boolean;
}

/** A time of day, 24-hour (13.05 in Finnish, 13:05 otherwise; 13.05.09 with seconds), in the time zone. */
export function formatTime(
  iso: string,
  language: string,
  timeZone?: string,
  { seconds = false }: TimeOptions = {},
): string {
  const instant = instantOf(iso);
  return instant ? formatOf(language, seconds ? 'seconds' : 'time', timeZone).format(instant) : iso;
}

/** A date and its time: "25.11.2026 klo 13.05", "2026-11-25 13:05", "25 Nov 2026, 13:05". */
export function formatDateTime(
  iso: string,
  language: string,
  timeZone?: string,
  options: TimeOptions = {},
): string {
  const date = formatDate(iso, language, timeZone);
  const time = formatTime(iso, language, timeZone, options);
  if (date === iso) return iso;
  const lang = languageOf(language);
  return lang === 'fi'
    ? `${date} klo ${time}`
    : lang === 'en'
      ? `${date}, ${time}`
      : `${date} ${time}`;
}

// Calendar dates (YYYY-MM-DD) such as a report's range: no time of day, so no time zone.

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDateOf(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const instant = new Date(Date.UTC(year, month - 1, day));
  if (instant.getUTCMonth() !== month - 1) return undefined; // 30 February
  return instant.toISOString().slice(0, 10);
}

/** A calendar date written as the language writes dates: 25.11.2026, 2026-11-25, 25 Nov 2026. */
export function formatCalendarDate(isoDate: string, language: string): string {
  const match = isoDatePattern.exec(isoDate);
  if (match === null) return isoDate;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (isoDateOf(year, month, day) === undefined) return isoDate;
  return formatDate(`${isoDate}T12:00:00Z`, language, 'UTC');
}

const monthNameCache = new Map<string, Map<string, number>>();

/** The month names a person may type in a language, long and short, lowercase, without dots. */
function monthNames(language: Language): Map<string, number> {
  let names = monthNameCache.get(language);
  if (names !== undefined) return names;
  names = new Map();
  const locales = [...new Set([styles[language].locale, 'en-GB'])];
  for (const locale of locales) {
    for (const month of ['long', 'short'] as const) {
      const inDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month, timeZone: 'UTC' });
      const alone = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
      for (let index = 0; index < 12; index += 1) {
        const instant = new Date(Date.UTC(2026, index, 15));
        const partName = inDate.formatToParts(instant).find((part) => part.type === 'month');
        for (const name of [partName?.value, alone.format(instant)]) {
          if (name !== undefined) names.set(name.toLowerCase().replace(/\.$/, ''), index + 1);
        }
      }
    }
  }
  monthNameCache.set(language, names);
  return names;
}

/**
 * What a person typed as a date, read the ways people write dates: 25.11.2026, 25/11/2026,
 * 2026-11-25, and 25 Nov 2026 or 25. marraskuuta 2026 in the language's month names (English
 * ones too). The ISO date, or undefined for text that is no date (30.2.2026 included).
 */
export function parseCalendarDate(text: string, language: string): string | undefined {
  const written = text.trim().replace(/\s+/g, ' ');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(written);
  if (iso !== null) return isoDateOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[./](\d{1,2})[./](\d{4})\.?$/.exec(written);
  if (numeric !== null) {
    return isoDateOf(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  }
  const named = /^(\d{1,2})\.? ([\p{L}]+)\.?,? (\d{4})$/u.exec(written);
  if (named !== null) {
    const month = monthNames(languageOf(language)).get((named[2] ?? '').toLowerCase());
    if (month !== undefined) return isoDateOf(Number(named[3]), month, Number(named[1]));
  }
  return undefined;
}

// Making a formatter for a time zone loads its rules (tens of milliseconds on a slow phone):
// one per zone, kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short' });
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's calendar date (YYYY-MM-DD) in a time zone (the portal's), whatever the browser's. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = Object.fromEntries(
    dayFormatIn(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar date a number of days after another (YYYY-MM-DD). */
export function addCalendarDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}
