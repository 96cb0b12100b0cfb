import { defaultLanguage, keysPseudoLanguage, type Language } from '@esign/contract';
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import fi from '../locales/fi.json';

/**
 * The catalogues built into the app, one per language. Finnish, the default and fallback, is
 * part of the app's code; English and Swedish are chunks of their own, loaded only when
 * chosen (`loadCatalogue`), so that most first loads do not carry them.
 */
const catalogueLoaders: Partial<Record<Language, () => Promise<object>>> = {
  en: () => import('../locales/en.json').then((module) => module.default),
  sv: () => import('../locales/sv.json').then((module) => module.default),
};

/** What a missing translation shows, so a gap is visible instead of silently blank. */
export function missingTranslationMarker(key: string): string {
  return `⟦missing: ${key}⟧`;
}

export const i18n = i18next.createInstance();

/** In the pseudo-locale every message shows its own key, for finding where a text comes from. */
const showKeysInPseudoLocale: PostProcessorModule = {
  type: 'postProcessor',
  name: 'showKeysInPseudoLocale',
  process(value, key, options) {
    const language = typeof options.lng === 'string' ? options.lng : i18n.language;
    if (language !== keysPseudoLanguage) return value;
    return Array.isArray(key) ? key.join(', ') : key;
  },
};

void i18n
  .use(initReactI18next)
  .use(showKeysInPseudoLocale)
  .init({
    resources: { [defaultLanguage]: { translation: fi } },
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    initAsync: false,
    interpolation: { escapeValue: false },
    saveMissing: false,
    parseMissingKeyHandler: missingTranslationMarker,
    postProcess: [showKeysInPseudoLocale.name],
    react: { useSuspense: false },
  });

const loaded = new Map<string, Promise<void>>();

/**
 * Loads a language's built-in catalogue once, before the interface turns to it. An operator's
 * extra messages already merged for that language stay over the built-in texts.
 */
export function loadCatalogue(language: string): Promise<void> {
  const load = catalogueLoaders[language as Language];
  if (load === undefined) return Promise.resolve();
  const known = loaded.get(language);
  if (known !== undefined) return known;
  const loading = load().then((catalogue) => {
    i18n.addResourceBundle(language, 'translation', catalogue, true, false);
  });
  // A failed load (the network) is tried again the next time the language is chosen.
  void loading.catch(() => loaded.delete(language));
  loaded.set(language, loading);
  return loading;
}
