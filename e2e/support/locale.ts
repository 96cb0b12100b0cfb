import { readFileSync } from 'node:fs';

interface Catalogue {
  [key: string]: string | Catalogue;
}

/** The web app's own Finnish catalogue: the tests find controls by the words the portal shows. */
const fi = JSON.parse(
  readFileSync(new URL('../../packages/web/src/locales/fi.json', import.meta.url), 'utf8'),
) as Catalogue;

/** A Finnish text by its catalogue key ('groups.addUser'), with its {{values}} filled in. */
export function fiText(key: string, values: Record<string, string | number> = {}): string {
  let node: string | Catalogue | undefined = fi;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`the Finnish catalogue has no text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

const catalogues: Record<string, Catalogue> = {
  fi,
  en: JSON.parse(
    readFileSync(new URL('../../packages/web/src/locales/en.json', import.meta.url), 'utf8'),
  ) as Catalogue,
  sv: JSON.parse(
    readFileSync(new URL('../../packages/web/src/locales/sv.json', import.meta.url), 'utf8'),
  ) as Catalogue,
};

/** A text of one language's catalogue by its key, with its {{values}} filled in. */
export function textIn(
  language: 'fi' | 'en' | 'sv',
  key: string,
  values: Record<string, string | number> = {},
): string {
  let node: string | Catalogue | undefined = catalogues[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`the ${language} catalogue has no text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
