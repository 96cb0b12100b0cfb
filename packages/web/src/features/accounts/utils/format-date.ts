/** A date in the user's language ('12.3.2026'); the browser's locale for a tag Intl cannot read. */
export function formatAccountDate(isoDate: string, language: string): string {
  let locale: string | undefined = language;
  try {
    Intl.DateTimeFormat.supportedLocalesOf(language);
  } catch {
    locale = undefined;
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(isoDate));
}
