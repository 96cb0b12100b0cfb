import { languageOf, type Language } from '@esign/contract';

// Dates as people write them in each of the portal's languages, whatever the browser's own
// locale: fi 25.11.2026, sv 2026-11-25, en 25 Nov 2026; times as 13.05 (fi) or 13:05, 24-hour.
const styles: Record<Language, { locale: string; date: Intl.DateTimeFormatOptions }> = {
  fi: { locale: 'fi-FI', date: { day: 'numeric', month: 'numeric', year: 'numeric' } },
  sv: { locale: 'sv-SE', date: { year: 'numeric', month: '2-digit', day: '2-digit' } },
  en: { locale: 'en-GB', date: { day: 'numeric', month: 'short', year: 'numeric' } },
};
const timeStyle: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: string, kind: 'date' | 'time', timeZone: string | undefined) {
  const { locale, date } = styles[languageOf(language)];
  const key = `${locale}|${kind}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (format === undefined) {
    const options = { ...(kind === 'date' ? date : timeStyle), timeZone };
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

/** A time of day, 24-hour (13.05 in Finnish, 13:05 otherwise), in the time zone. */
export function formatTime(iso: string, language: string, timeZone?: string): string {
  const instant = instantOf(iso);
  return instant ? formatOf(language, 'time', timeZone).format(instant) : iso;
}

/** A date and its time: "25.11.2026 klo 13.05", "2026-11-25 13:05", "25 Nov 2026, 13:05". */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const date = formatDate(iso, language, timeZone);
  const time = formatTime(iso, language, timeZone);
  if (date === iso) return iso;
  const lang = languageOf(language);
  return lang === 'fi'
    ? `${date} klo ${time}`
    : lang === 'en'
      ? `${date}, ${time}`
      : `${date} ${time}`;
}
