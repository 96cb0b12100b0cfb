import { formatDate, formatDateTime, formatTime } from '../../../lib/dates.ts';
import type { DevMailMessage } from '@esign/contract';

/** The messages whose recipient contains the filter's text (any case); all for an empty filter. */
export function messagesTo(messages: DevMailMessage[], filter: string): DevMailMessage[] {
  const wanted = filter.trim().toLowerCase();
  if (wanted === '') return messages;
  return messages.filter((message) => message.To.toLowerCase().includes(wanted));
}

/** Each recipient once, in the order of their newest message. */
export function recipientsOf(messages: DevMailMessage[]): string[] {
  return [...new Set(messages.map((message) => message.To))];
}

/** The message to show: the one chosen while it is still listed, else the newest listed. */
export function openMessage(
  messages: DevMailMessage[],
  chosenId: string | null,
): DevMailMessage | undefined {
  return messages.find((message) => message.Id === chosenId) ?? messages[0];
}

/**
 * A list time in the portal's language and time zone: the time alone for a message of today,
 * else the date and the time (25.11.2026 klo 13.05, 2026-11-25 13:05, 25 Nov 2026, 13:05).
 */
export function formatListTime(
  iso: string,
  language: string,
  timeZone?: string,
  now = new Date(),
): string {
  const sameDay =
    formatDate(iso, language, timeZone) === formatDate(now.toISOString(), language, timeZone);
  return sameDay ? formatTime(iso, language, timeZone) : formatDateTime(iso, language, timeZone);
}

/** A file size in kB (1024 bytes), one decimal, for the attachments of a message. */
export function formatKilobytes(bytes: number, language: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  } catch {
    format = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
  }
  return `${format.format(Math.max(0, bytes) / 1024)} kB`;
}
