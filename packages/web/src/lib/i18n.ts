import { defaultLanguage, keysPseudoLanguage, type Language } from '@esign/contract';
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import sv from '../locales/sv.json';

/** The catalogues built into the app, one per language; an operator's extra messages are merged over them. */
export const builtInCatalogues = { fi, en, sv } as const satisfies Record<Language, object>;

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
    resources: {
      fi: { translation: fi },
      en: { translation: en },
      sv: { translation: sv },
    },
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    initAsync: false,
    interpolation: { escapeValue: false },
    saveMissing: false,
    parseMissingKeyHandler: missingTranslationMarker,
    postProcess: [showKeysInPseudoLocale.name],
    react: { useSuspense: false },
  });
