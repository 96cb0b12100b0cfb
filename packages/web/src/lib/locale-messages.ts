import { publicAssets } from '@esign/contract';
import { z } from 'zod';
import { requestJson } from './http.ts';
import { i18n } from './i18n.ts';

const LocaleList = z.object({
  languages: z.array(z.string()),
  overrides: z.array(z.string()),
});

const Messages = z.record(z.string(), z.unknown());

export interface MessageTree {
  [key: string]: string | MessageTree;
}

function isTree(value: string | MessageTree | undefined): value is MessageTree {
  return typeof value === 'object';
}

function mergeInto(target: MessageTree, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined || head === '') return;
  if (rest.length > 0) {
    const existing = target[head];
    const child: MessageTree = isTree(existing) ? existing : {};
    target[head] = child;
    mergeInto(child, rest, value);
  } else if (typeof value === 'string') {
    target[head] = value;
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, nested] of Object.entries(value))
      mergeInto(target, [head, ...key.split('.')], nested);
  }
}

/**
 * Turns an operator's messages, written with nested objects or flat dotted keys, into one
 * nested tree of strings, so that a flat key overrides the built-in nested one.
 */
export function expandDottedKeys(messages: Record<string, unknown>): MessageTree {
  const tree: MessageTree = {};
  for (const [key, value] of Object.entries(messages)) mergeInto(tree, key.split('.'), value);
  return tree;
}

async function loadLanguage(
  publicUrl: string,
  language: string,
  send: typeof fetch | undefined,
): Promise<void> {
  const url = `${publicUrl}/${publicAssets.localeMessages(language)}`;
  const messages = await requestJson(url, Messages, { fetch: send });
  i18n.addResourceBundle(language, 'translation', expandDottedKeys(messages), true, true);
}

/**
 * Merges the operator's extra messages over the built-in catalogues for each offered
 * language that has them. A language that fails to load keeps its built-in texts.
 */
export async function loadExtraMessages(
  publicUrl: string,
  offered: readonly string[],
  send?: typeof fetch,
) {
  const list = await requestJson(`${publicUrl}/${publicAssets.locales}`, LocaleList, {
    fetch: send,
  });
  const languages = list.overrides.filter((language) => offered.includes(language));
  const results = await Promise.allSettled(
    languages.map((language) => loadLanguage(publicUrl, language, send)),
  );
  results.forEach((result, index) => {
    if (result.status === 'rejected')
      console.warn(`Extra messages for ${languages[index] ?? '?'} not loaded`, result.reason);
  });
}
