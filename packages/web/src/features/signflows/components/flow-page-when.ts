import { formatListDate } from '../utils/format-list-date.ts';

/** A moment as the flow page shows it: the date and time in the user's language. */
export function formatWhen(iso: string | null | undefined, language: string): string {
  const shown = formatListDate(iso ?? null, language);
  return shown === null ? '' : `${shown.date} ${shown.time}`;
}
