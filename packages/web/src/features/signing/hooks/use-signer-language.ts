import { useEffect, useRef } from 'react';
import { applyLocale, readStoredLocale } from '../../../lib/locale.ts';
import { i18n } from '../../../lib/i18n.ts';
import { chooseSignerLanguage } from '../utils/signer-language.ts';

/** Shows the page in the signer's language: their own choice first, else the flow's. */
export async function applySignerLanguage(taskLanguage: string): Promise<void> {
  const language = chooseSignerLanguage(readStoredLocale(), taskLanguage);
  // Not remembered: only the signer's own pick in the switcher is stored.
  if (language !== i18n.language) await applyLocale(language, false);
}

/**
 * Once the task is known, shows the page in the signer's language (the page's loader does it
 * before the first showing; this covers a task that the loader could not fetch).
 */
export function useSignerLanguage(taskLanguage: string | undefined) {
  const applied = useRef(false);

  useEffect(() => {
    if (taskLanguage === undefined || applied.current) return;
    applied.current = true;
    void applySignerLanguage(taskLanguage);
  }, [taskLanguage]);
}
