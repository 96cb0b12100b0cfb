import { groupErrorKeys, groupErrorMessages, groupIssueKeys } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import fi from '../../../locales/fi.json';
import sv from '../../../locales/sv.json';
import { groupMessageKey } from './group-message-key.ts';

const textOf = (catalogue: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);

describe('group management’s message keys', () => {
  it('are translated in fi, en and sv, and the English conflict text is the server’s', () => {
    const keys = [...Object.values(groupErrorKeys), ...Object.values(groupIssueKeys)];
    for (const catalogue of [fi, en, sv]) {
      for (const key of keys) expect(typeof textOf(catalogue, key), key).toBe('string');
    }
    expect(textOf(en, groupErrorKeys.conflict)).toBe(groupErrorMessages[groupErrorKeys.conflict]);
  });

  it('maps a server issue to its text, and anything unknown to invalid value', () => {
    expect(groupMessageKey('groups.errors.nameTaken')).toBe('groups.errors.nameTaken');
    expect(groupMessageKey('validation.maxLength')).toBe('validation.maxLength');
    expect(groupMessageKey('something.else')).toBe('validation.invalidValue');
  });
});
