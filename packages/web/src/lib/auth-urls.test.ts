import { describe, expect, it } from 'vitest';
import { externalLoginUrl, safeReturnPath } from './auth-urls.ts';

describe('the return path after login', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnPath('/esign/edit/123?tab=2')).toBe('/esign/edit/123?tab=2');
    expect(externalLoginUrl('/reports')).toBe('/api/esign/Users/ExternalLogin?r=%2Freports');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'reports', '', '/a\nb'])(
    'drops %j, which could lead off the site',
    (value) => {
      expect(safeReturnPath(value)).toBeUndefined();
      expect(externalLoginUrl(value)).toBe('/api/esign/Users/ExternalLogin');
    },
  );
});
