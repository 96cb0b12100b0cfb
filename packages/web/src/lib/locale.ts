import { defaultLanguage, keysPseudoLanguage } from '@esign/contract';
import { i18n, loadCatalogue } from './i18n.ts';

export const localeStorageKey = 'locale';

/** A stored locale wins only when the server still offers it; otherwise the default (fi). */
export function chooseLocale(stored: string | null, offered: readonly string[]): string {
  return stored !== null && offered.includes(stored) ? stored : defaultLanguage;
}

/** The page's lang attribute: the pseudo-locale shows English-like keys, so it reads as en. */
export function htmlLangFor(language: string): string {
  return language === keysPseudoLanguage ? 'en' : language;
}

/** Where the locale choice is kept between visits. */
export type LocaleStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The page whose lang attribute follows the locale. */
export interface LocalePage {
  documentElement: { lang: string };
}

/** The browser's local storage, reached on each use: some private modes throw on touching it. */
export const browserStorage: LocaleStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
};

export function readStoredLocale(storage: LocaleStorage = browserStorage): string | null {
  try {
    return storage.getItem(localeStorageKey);
  } catch (error) {
    console.warn('Stored locale not read; using the default', error);
    return null;
  }
}

/** Where a locale is applied; the browser's page and local storage unless a test passes others. */
export interface LocaleTarget {
  storage?: LocaleStorage;
  page?: LocalePage;
}

/** Switches the interface language and the page's lang; `remember` also stores the choice. */
export async function applyLocale(
  language: string,
  remember: boolean,
  { storage = browserStorage, page = document }: LocaleTarget = {},
): Promise<void> {
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
  page.documentElement.lang = htmlLangFor(language);
  if (!remember) return;
  try {
    storage.setItem(localeStorageKey, language);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

/** What choosing a language in a switcher does: the interface, the page's lang and the stored choice follow. */
export function switchLanguage(language: string, target?: LocaleTarget): Promise<void> {
  return applyLocale(language, true, target);
}
