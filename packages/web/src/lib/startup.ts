import { publicAssets } from '@esign/contract';
import type { QueryClient } from '@tanstack/react-query';
import { commonConfigQueryOptions } from './common-config.ts';
import { applyLocale, chooseLocale, readStoredLocale } from './locale.ts';
import { loadExtraMessages } from './locale-messages.ts';
import { sessionQueryOptions } from './session.ts';

function pointFaviconAt(publicUrl: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link !== null) link.href = `${publicUrl}/${publicAssets.favicon}`;
}

/**
 * The start-up sequence of SPEC §4, in order: common config, locale, the operator's extra
 * messages, session. No step can stop the app: each failure logs a warning and defaults apply.
 */
export async function runStartup(queryClient: QueryClient): Promise<void> {
  const config = await queryClient.fetchQuery(commonConfigQueryOptions());
  pointFaviconAt(config.PublicUrl);
  try {
    await applyLocale(chooseLocale(readStoredLocale(), config.Languages), false);
  } catch (error) {
    console.warn('Locale not set; using the default', error);
  }
  try {
    await loadExtraMessages(config.PublicUrl, config.Languages);
  } catch (error) {
    console.warn('Extra locale messages not loaded; using the built-in ones', error);
  }
  await queryClient.fetchQuery(sessionQueryOptions());
}
