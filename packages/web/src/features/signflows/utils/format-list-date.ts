const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(language: string, timeZone: string | undefined) {
  const cacheKey = `${language}|${timeZone ?? ''}`;
  let cached = formatters.get(cacheKey);
  if (cached === undefined) {
    let locale: string | undefined = language;
    try {
      Intl.DateTimeFormat.supportedLocalesOf(language);
    } catch {
      // A tag Intl cannot parse (such as a pseudo-locale) falls back to the browser's locale.
      locale = undefined;
    }
    cached = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone }),
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }),
    };
    formatters.set(cacheKey, cached);
  }
  return cached;
}

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
  if (isoDate === null) return null;
  const instant = new Date(isoDate);
  if (Number.isNaN(instant.getTime())) return null;
  const { date, time } = formattersFor(language, timeZone);
  return { date: date.format(instant), time: time.format(instant) };
}
