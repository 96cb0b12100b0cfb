import { describe, expect, it } from 'vitest';
import { chooseSignerLanguage } from './signer-language.ts';

describe('the signing page’s language', () => {
  it('is the sender’s choice for the signers when the signer has not chosen one', () => {
    expect(chooseSignerLanguage(null, 'sv')).toBe('sv');
  });

  it('is the signer’s own earlier choice when there is one', () => {
    expect(chooseSignerLanguage('en', 'sv')).toBe('en');
  });

  it('falls back to Finnish for languages the page does not have', () => {
    expect(chooseSignerLanguage('de', 'de')).toBe('fi');
    expect(chooseSignerLanguage('xx', 'en')).toBe('en');
  });
});
