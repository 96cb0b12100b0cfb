import { catalogueLanguages, defaultLanguage } from '@esign/contract';

const offered: readonly string[] = catalogueLanguages;

/**
 * The language the signing page opens in: the one the signer chose before (stored), else
 * the one the sender chose for the signers, else the default (fi).
 */
export function chooseSignerLanguage(stored: string | null, taskLanguage: string): string {
  if (stored !== null && offered.includes(stored)) return stored;
  return offered.includes(taskLanguage) ? taskLanguage : defaultLanguage;
}
