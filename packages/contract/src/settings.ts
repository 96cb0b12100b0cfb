import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { limits, validationKeys as v } from './validation.ts';

/** The front-page introduction text (Markdown) as POST and GET api/config/info carry it. */
export const FrontpageInfoText = z
  .string()
  .max(limits.frontpageInfoMaxLength, v.maxLength)
  .check(plainText({ multiline: true }));
export type FrontpageInfoText = z.infer<typeof FrontpageInfoText>;
