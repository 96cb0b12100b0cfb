import { z } from 'zod';

/** The languages of the interface, the signers' messages and the signature page (SPEC §9). */
export const languages = ['fi', 'en', 'sv'] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

/** Finnish: the default, and the fallback for anything the catalogues do not hold (SPEC §9). */
export const defaultLanguage: Language = 'fi';

export const isLanguage = (value: unknown): value is Language =>
  (languages as readonly unknown[]).includes(value);

/** The language itself when it is one of ours; anything else, or none, is the default (fi). */
export const languageOf = (value: string | null | undefined): Language =>
  isLanguage(value) ? value : defaultLanguage;
