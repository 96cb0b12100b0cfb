import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from './i18n.ts';
import { expandDottedKeys } from './locale-messages.ts';

// Keys from outside the typed catalogue, as an operator's file or a typo would bring them.
const translate = i18n.t.bind(i18n) as unknown as (key: string) => string;

afterEach(async () => {
  await i18n.changeLanguage('fi');
});

describe('translation', () => {
  it('shows Finnish by default', () => {
    expect(translate('frontpage.title')).toBe('Allekirjoitusportaali');
  });

  it('marks a missing translation with its key', () => {
    expect(translate('no.such.key')).toBe('⟦missing: no.such.key⟧');
  });

  it('shows the message keys in the pseudo-locale xx', async () => {
    await i18n.changeLanguage('xx');
    expect(translate('frontpage.title')).toBe('frontpage.title');
    expect(translate('nav.skipToMain')).toBe('nav.skipToMain');
  });

  it('loads the English and Swedish catalogues only when asked; until then Finnish shows', async () => {
    expect(i18n.hasResourceBundle('sv', 'translation')).toBe(false);
    expect(translate('nav.login')).toBe('Kirjaudu sisään');
    await loadCatalogue('sv');
    expect(i18n.t('nav.login', { lng: 'sv' })).toBe('Logga in');
  });

  it("lets an operator's flat keys override and add texts, whenever the built-in catalogue loads", async () => {
    // At start-up the operator's messages arrive before the chosen language's catalogue.
    i18n.addResourceBundle(
      'en',
      'translation',
      expandDottedKeys({ 'frontpage.title': 'Our portal', 'footer.privacyPolicy.text': 'Privacy' }),
      true,
      true,
    );
    await loadCatalogue('en');
    await i18n.changeLanguage('en');
    expect(translate('frontpage.title')).toBe('Our portal');
    expect(i18n.exists('footer.privacyPolicy.text')).toBe(true);
    expect(translate('nav.login')).toBe('Log in');
    expect(i18n.exists('footer.accessibilityStatement.text')).toBe(false);
  });
});
