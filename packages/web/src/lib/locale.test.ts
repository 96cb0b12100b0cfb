import { describe, expect, it } from 'vitest';
import { chooseLocale, htmlLangFor } from './locale.ts';

describe('choosing the locale at start-up', () => {
  it('uses the stored locale when the server lists it', () => {
    expect(chooseLocale('sv', ['fi', 'en', 'sv'])).toBe('sv');
  });

  it('falls back to Finnish when the stored locale is not listed', () => {
    expect(chooseLocale('sv', ['fi', 'en'])).toBe('fi');
    expect(chooseLocale('de', ['fi', 'en', 'sv'])).toBe('fi');
  });

  it('uses Finnish when nothing is stored', () => {
    expect(chooseLocale(null, ['en', 'sv', 'fi'])).toBe('fi');
  });

  it('offers the pseudo-locale only when the server lists it', () => {
    expect(chooseLocale('xx', ['fi', 'xx'])).toBe('xx');
    expect(chooseLocale('xx', ['fi', 'en'])).toBe('fi');
  });

  it('marks the pseudo-locale page as English, since keys are English words', () => {
    expect(htmlLangFor('xx')).toBe('en');
    expect(htmlLangFor('sv')).toBe('sv');
  });
});
