import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect-target.ts';

const origin = 'https://sign.example.fi';

describe('the address signing sends the browser to', () => {
  it('may be the trust service or a path on this site', () => {
    expect(safeRedirectTarget('https://tsp.example.eu/authorise?id=1', origin)).toBe(
      'https://tsp.example.eu/authorise?id=1',
    );
    expect(safeRedirectTarget('/sign/abc', origin)).toBe('https://sign.example.fi/sign/abc');
  });

  it('is refused when it would run script or carry data', () => {
    expect(safeRedirectTarget('javascript:alert(1)', origin)).toBeNull();
    expect(safeRedirectTarget('data:text/html,hi', origin)).toBeNull();
  });
});
