import { errorKeys, errorMessages, validationKeys } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import sv from '../locales/sv.json';

const catalogues = { fi, en, sv };

/** Every leaf of a catalogue as [dotted key, text]. */
function flatten(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') return [[path, value] as [string, string]];
    if (typeof value === 'object' && value !== null) return flatten(value, path);
    throw new Error(`${path} is neither text nor a group of texts`);
  });
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([^}\s]+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

const flat = Object.fromEntries(
  Object.entries(catalogues).map(([language, tree]) => [language, new Map(flatten(tree))]),
);
const finnish = flat.fi ?? new Map<string, string>();

describe('the built-in catalogues', () => {
  it.each(['en', 'sv'])('hold exactly the Finnish keys in %s', (language) => {
    expect([...(flat[language]?.keys() ?? [])].sort()).toEqual([...finnish.keys()].sort());
  });

  it.each(['en', 'sv'])('use the same {{placeholders}} per key in %s as in Finnish', (language) => {
    for (const [key, text] of finnish) {
      expect(placeholders(flat[language]?.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it.each(['fi', 'en', 'sv'])('have no empty texts in %s', (language) => {
    for (const [key, text] of flat[language] ?? []) expect(text.trim(), key).not.toBe('');
  });

  it.each(['fi', 'en', 'sv'])('translate every error and validation key in %s', (language) => {
    const keys = [...Object.values(errorKeys), ...Object.values(validationKeys)];
    for (const key of keys) expect(flat[language]?.has(key), key).toBe(true);
  });

  it('give the English error texts of the contract', () => {
    for (const [key, message] of Object.entries(errorMessages)) {
      expect(flat.en?.get(key), key).toBe(message);
    }
  });

  it('leave the footer links to the operator, so they appear only when supplied', () => {
    for (const catalogue of Object.values(flat)) {
      expect([...catalogue.keys()].filter((key) => /^footer\.(?!linksLabel$)/.test(key))).toEqual(
        [],
      );
    }
  });

  it('name the portal Signing portal, Allekirjoitusportaali and Signeringsportal', () => {
    expect([fi.frontpage.title, en.frontpage.title, sv.frontpage.title]).toEqual([
      'Allekirjoitusportaali',
      'Signing portal',
      'Signeringsportal',
    ]);
  });
});
