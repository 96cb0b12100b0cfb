import { describe, expect, it } from 'vitest';
import { warmDateFormats } from './warm-date-formats.ts';

describe('warming the date formats at start', () => {
  it('warms them for pages that show dates', () => {
    for (const path of ['/', '/esign/edit/abc', '/view/token', '/reports'])
      expect(warmDateFormats(path)).toBe(true);
  });

  it("skips the login pages and the signer's page, which show none as they first show", () => {
    for (const path of ['/login', '/logout', '/idp-login/abc', '/sign/token'])
      expect(warmDateFormats(path)).toBe(false);
  });
});
