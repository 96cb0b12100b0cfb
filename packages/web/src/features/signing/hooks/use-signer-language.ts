import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLocale, readStoredLocale } from '../../../lib/locale.ts';
import { chooseSignerLanguage } from '../utils/signer-language.ts';

/** Once the task is known, shows the page in the signer's language (their own choice first). */
export function useSignerLanguage(taskLanguage: string | undefined) {
  const { i18n } = useTranslation();
  const applied = useRef(false);

  useEffect(() => {
    if (taskLanguage === undefined || applied.current) return;
    applied.current = true;
    const language = chooseSignerLanguage(readStoredLocale(), taskLanguage);
    // Not remembered: only the signer's own pick in the switcher is stored.
    if (language !== i18n.language) void applyLocale(language, false);
  }, [taskLanguage, i18n]);
}
