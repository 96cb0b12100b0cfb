import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './safe-url.ts';

describe('a link address from editable text', () => {
  it.each(['https://example.org/a?b=1', 'http://example.org', 'mailto:help@example.org'])(
    'keeps %s',
    (url) => expect(safeLinkUrl(url)).toBe(url),
  );

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative', 'JAVASCRIPT:alert(1)', ''])(
    'drops %j',
    (url) => expect(safeLinkUrl(url)).toBeUndefined(),
  );
});
