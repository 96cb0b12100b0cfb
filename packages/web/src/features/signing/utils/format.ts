import { formatDateTime as formatMoment } from '../../../lib/dates.ts';

/** A language tag Intl understands; a pseudo-locale Intl cannot use falls back to the browser's. */
function intlLocale(language: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(language)[0];
  } catch {
    return undefined;
  }
}

const sizeUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size for people: 512 byte, 1.5 kB, 2.3 MB (in 1024 steps, written the language's way). */
export function formatFileSize(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: sizeUnits[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/**
 * A moment written with its date and time, for a sentence: 12.3.2025 klo 14.05, or in Swedish
 * 2025‑03‑12 14:05 with non-breaking hyphens, so that a narrow screen never breaks the date at
 * its hyphen ("2025-03-" / "12"); null for a missing or bad date.
 */
export function formatDateTime(
  isoDate: string | null,
  language: string,
  timeZone?: string,
): string | null {
  if (isoDate === null || Number.isNaN(new Date(isoDate).getTime())) return null;
  return formatMoment(isoDate, language, timeZone).replace(/(\d)-(?=\d)/g, '$1\u2011');
}

/** How many whole minutes a code stays valid, never less than one. */
export function validityMinutes(validForSeconds: number): number {
  return Math.max(1, Math.round(validForSeconds / 60));
}
