import { defaultLanguage, keysPseudoLanguage } from '@esign/contract';
import { i18n } from './i18n.ts';

export const localeStorageKey = 'locale';

/** A stored locale wins only when the server still offers it; otherwise the default (fi). */
export function chooseLocale(stored: string | null, offered: readonly string[]): string {
  return stored !== null && offered.includes(stored) ? stored : defaultLanguage;
}

/** The page's lang attribute: the pseudo-locale shows English-like keys, so it reads as en. */
export function htmlLangFor(language: string): string {
  return language === keysPseudoLanguage ? 'en' : language;
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(localeStorageKey);
  } catch {
    return null;
  }
}

/** Switches the interface language and the page's lang; `remember` also stores the choice. */
export async function applyLocale(language: string, remember: boolean): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = htmlLangFor(language);
  if (!remember) return;
  try {
    localStorage.setItem(localeStorageKey, language);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}
