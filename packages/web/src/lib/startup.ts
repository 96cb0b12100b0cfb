import { publicAssets } from '@esign/contract';
import type { QueryClient } from '@tanstack/react-query';
import { commonConfigQueryOptions } from './common-config.ts';
import {
  applyLocale,
  browserStorage,
  chooseLocale,
  readStoredLocale,
  type LocalePage,
  type LocaleStorage,
} from './locale.ts';
import { loadExtraMessages } from './locale-messages.ts';
import { sessionQueryOptions } from './session.ts';

/** The parts of the browser start-up reads and writes; tests pass fakes. */
export interface StartupEnvironment {
  fetch: typeof fetch;
  storage: LocaleStorage;
  document: LocalePage & Pick<Document, 'querySelector'>;
  /** The page's own origin, which stands in for the public URL when the config cannot be read. */
  origin: string;
}

export function browserEnvironment(): StartupEnvironment {
  return {
    // Called bare, not as a method of the environment: fetch refuses any other `this`.
    fetch: (input, init) => fetch(input, init),
    storage: browserStorage,
    document,
    origin: window.location.origin,
  };
}

function pointFaviconAt(page: StartupEnvironment['document'], publicUrl: string): void {
  const link = page.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link !== null) link.href = `${publicUrl}/${publicAssets.favicon}`;
}

/**
 * The start-up sequence of SPEC §4, in order: common config, locale, the operator's extra
 * messages, session. No step can stop the app: each failure logs a warning and defaults apply.
 */
export async function runStartup(
  queryClient: QueryClient,
  environment: StartupEnvironment = browserEnvironment(),
): Promise<void> {
  const { fetch: send, storage, document: page } = environment;
  const config = await queryClient.fetchQuery(commonConfigQueryOptions(environment));
  pointFaviconAt(page, config.PublicUrl);
  try {
    const language = chooseLocale(readStoredLocale(storage), config.Languages);
    await applyLocale(language, false, { storage, page });
  } catch (error) {
    console.warn('Locale not set; using the default', error);
  }
  try {
    await loadExtraMessages(config.PublicUrl, config.Languages, send);
  } catch (error) {
    console.warn('Extra locale messages not loaded; using the built-in ones', error);
  }
  await queryClient.fetchQuery(sessionQueryOptions(send));
}

/** Runs start-up, then renders: the app appears whatever start-up met (SPEC §4). */
export async function startApp(
  queryClient: QueryClient,
  render: () => void,
  environment: StartupEnvironment = browserEnvironment(),
): Promise<void> {
  try {
    await runStartup(queryClient, environment);
  } catch (error) {
    console.warn('Start-up did not finish; continuing', error);
  }
  render();
}
