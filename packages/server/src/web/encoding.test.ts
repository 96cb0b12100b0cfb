import { describe, expect, it } from 'vitest';
import { encodingFor } from './web-app.ts';

describe("the app's page's encoding", () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    // The browser's own preference counts, not only whether it accepts.
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('answers %j with %s', (header, expected) => {
    expect(encodingFor(header)).toBe(expected);
  });
});
