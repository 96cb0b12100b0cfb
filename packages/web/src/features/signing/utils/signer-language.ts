import { isLanguage, languageOf, type Language } from '@esign/contract';

/**
 * The language the signing page opens in: the one the signer chose before (stored), else
 * the one the sender chose for the signers, else the default (fi).
 */
export function chooseSignerLanguage(stored: string | null, taskLanguage: string): Language {
  return isLanguage(stored) ? stored : languageOf(taskLanguage);
}
