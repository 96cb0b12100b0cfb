import type { MailParams, MailTemplate } from './template-params.ts';

/** One piece of a message; the renderer turns each into plain text and into escaped HTML. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** Words of a person (the sender's note, a signer's comment), shown apart from ours. */
  | { kind: 'quote'; label: string; text: string }
  /** A one-time code, shown large. */
  | { kind: 'code'; text: string }
  | { kind: 'link'; label: string; url: string };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

/** One language's texts: a function per template from its parameters to the message. */
export type MailTexts = { [T in MailTemplate]: (params: MailParams[T]) => MailContent };

export const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
export const code = (text: string): MailBlock => ({ kind: 'code', text });
export const link = (label: string, url: string): MailBlock => ({ kind: 'link', label, url });
/** A link only when there is one. */
export const linkIf = (label: string, url: string | null): MailBlock[] =>
  url ? [link(label, url)] : [];
/** A paragraph and the link it explains, only when there is a link. */
export const explainedLinkIf = (
  text: string,
  label: string,
  url: string | undefined,
): MailBlock[] => (url ? [paragraph(text), link(label, url)] : []);
/** A quote only when there are words to quote. */
export const quote = (label: string, text: string | null): MailBlock[] =>
  text && text.trim() !== '' ? [{ kind: 'quote', label, text: text.trim() }] : [];
export const paragraphIf = (condition: unknown, text: () => string): MailBlock[] =>
  condition ? [paragraph(text())] : [];

/** "Name (Organisation)", or the name alone when there is no organisation. */
export const senderOf = (params: { senderName: string; organisation: string }) =>
  params.organisation.trim() === ''
    ? params.senderName
    : `${params.senderName} (${params.organisation})`;

/** One formatter per language (the flows' languages), made on first use. */
const longDates = new Map<string, Intl.DateTimeFormat>();

const calendarDates = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (YYYY-MM-DD) written out in the language, the same date in every time zone. */
export function calendarDate(date: string, locale: string): string {
  let format = calendarDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long' });
    calendarDates.set(locale, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** A deadline as the date it is in Finland, whatever the server's time zone. */
export function finnishDate(iso: string, locale: string): string {
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Helsinki', dateStyle: 'long' });
    longDates.set(locale, format);
  }
  return format.format(new Date(iso));
}
