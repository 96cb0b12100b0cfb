import { describe, expect, it } from 'vitest';
import { logoutDestination } from './logout.ts';

describe('where the browser goes after logging out', () => {
  it('follows a path of this site or the provider’s https logout address', () => {
    expect(logoutDestination('/logout')).toBe('/logout');
    expect(logoutDestination('https://idp.example.org/slo?SAMLRequest=x')).toBe(
      'https://idp.example.org/slo?SAMLRequest=x',
    );
  });

  it.each(['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'mailto:a@example.org'])(
    'goes to the logged-out notice instead of %s',
    (location) => {
      expect(logoutDestination(location)).toBe('/logout');
    },
  );
});
