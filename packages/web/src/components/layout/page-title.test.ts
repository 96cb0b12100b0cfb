import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../lib/i18n.ts';
import { pageTitleOf, type RouteHandle } from './page-title.ts';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const context = (language: string, signedIn = true) => {
  void i18n.changeLanguage(language);
  return { t: i18n.t, params: {}, signedIn };
};
const groups: RouteHandle = { title: ({ t }) => t('groups.title') };
const home: RouteHandle = {
  title: ({ t, signedIn }) => (signedIn ? t('signflow.list.title') : undefined),
};

describe('the page title', () => {
  it('names the page, then the portal, in the chosen language', () => {
    expect(pageTitleOf([undefined, groups], context('en'))).toBe(
      'Organisation info – Signing portal',
    );
    expect(pageTitleOf([undefined, groups], context('fi'))).toMatch(/ – Allekirjoitusportaali$/);
  });

  it('is the portal alone where no route names its page', () => {
    expect(pageTitleOf([undefined, home], context('sv', false))).toBe('Signeringsportal');
    expect(pageTitleOf([{}, undefined], context('en'))).toBe('Signing portal');
  });
});
