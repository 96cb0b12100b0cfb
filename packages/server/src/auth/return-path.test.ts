import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

/** Where a browser on the portal goes when told `Location: <path>`. */
const originOf = (path: string) => new URL(path, 'https://portal.example').origin;

// Pieces that normalisation turns into something else: dot segments plain and encoded,
// empty segments, separators, and a host an attacker would like to reach.
const segment = fc.constantFrom(
  '',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2e',
  '%2e.',
  'a',
  'esign',
  'evil.example',
  '@evil.example',
  'evil.example:443',
  '%2f',
  '%5c',
  '\\',
  '?x=//evil',
  '#//evil',
  ' ',
  '\t',
);
const dottedPath = fc.array(segment, { maxLength: 8 }).map((segments) => `/${segments.join('/')}`);
const anyPath = fc.oneof(
  dottedPath,
  fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text) => `/${text}`),
  fc.string({ maxLength: 40 }),
);

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeReturnPath('/esign/edit/42?x=1#files')).toBe('/esign/edit/42?x=1#files');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example',
    '/a/%2e%2e//evil.example',
  ])('refuses a return path that a browser would follow to another site: %s', (path) => {
    expect(safeReturnPath(path)).toBe('/');
  });

  it('never answers a path that leaves the site, whatever path an attacker makes up', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const answer = safeReturnPath(path);
        expect(answer.startsWith('/')).toBe(true);
        expect(answer.startsWith('//')).toBe(false);
        expect(answer.startsWith('/\\')).toBe(false);
        expect(originOf(answer)).toBe('https://portal.example');
      }),
      { numRuns: 5000 },
    );
  });

  it('answers its own answer unchanged, so checking twice changes nothing', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const answer = safeReturnPath(path);
        expect(safeReturnPath(answer)).toBe(answer);
      }),
      { numRuns: 5000 },
    );
  });
});
