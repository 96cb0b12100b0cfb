import { apiTokenPattern } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { generateApiToken, hashApiToken } from './token-format.ts';

describe('API token format', () => {
  it('makes tokens of the prefix and 43 base62 characters, each one new', () => {
    const tokens = Array.from({ length: 200 }, generateApiToken);
    for (const token of tokens) expect(token).toMatch(apiTokenPattern);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('uses the whole alphabet, so the 256 bits are not squeezed into fewer characters', () => {
    const seen = new Set(
      Array.from({ length: 200 }, generateApiToken).join('').replaceAll('esign_pat_', ''),
    );
    expect(seen.size).toBe(62);
  });

  it('keeps a SHA-256 of 64 hex digits that differs from the token', () => {
    const token = generateApiToken();
    expect(hashApiToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiToken(token)).not.toContain(token.slice(10, 20));
  });
});
