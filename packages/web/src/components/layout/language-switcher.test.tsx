import type { CommonConfig } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commonConfigQueryOptions, defaultCommonConfig } from '../../lib/common-config.ts';
import { i18n, loadCatalogue } from '../../lib/i18n.ts';
import { localeStorageKey, switchLanguage } from '../../lib/locale.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

function renderSwitcher(languages: string[]): string {
  const queryClient = new QueryClient();
  const config: CommonConfig = {
    ...defaultCommonConfig('https://portal.example.org'),
    Languages: languages,
  };
  queryClient.setQueryData(commonConfigQueryOptions().queryKey, config);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <LanguageSwitcher />
    </QueryClientProvider>,
  );
}

/** The options as a user reads them: value and name. */
function optionsOf(html: string): string[] {
  return [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map(
    ([, value, name]) => `${value}: ${name}`,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('fi');
});

describe('the language switcher', () => {
  it('is not shown when only one language is configured', () => {
    expect(renderSwitcher(['fi'])).toBe('');
    expect(renderSwitcher([])).toBe('');
  });

  it('offers each configured language by its own name, UI for the pseudo-locale', () => {
    const html = renderSwitcher(['fi', 'en', 'sv', 'xx']);
    expect(optionsOf(html)).toEqual(['fi: Suomi', 'en: English', 'sv: Svenska', 'xx: UI']);
    expect(html).toContain('>Kieli</label>');
  });

  it('offers only the configured languages', () => {
    expect(optionsOf(renderSwitcher(['sv', 'en']))).toEqual(['sv: Svenska', 'en: English']);
  });

  it('shows the current language as chosen', async () => {
    await i18n.changeLanguage('sv');
    expect(renderSwitcher(['fi', 'en', 'sv'])).toMatch(/<option value="sv"[^>]*selected=""/);
  });
});

describe('choosing a language', () => {
  function fakeBrowser() {
    const stored = new Map<string, string>();
    const page = { documentElement: { lang: 'fi' } };
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    return { stored, page, storage };
  }

  it('changes the locale, sets the page language and stores the choice', async () => {
    const browser = fakeBrowser();
    await switchLanguage('sv', browser);
    expect(i18n.language).toBe('sv');
    expect(i18n.t('frontpage.title')).toBe('Signeringsportal');
    expect(browser.page.documentElement.lang).toBe('sv');
    expect(browser.stored.get(localeStorageKey)).toBe('sv');
  });

  it('marks the page as English for the pseudo-locale, whose keys are English words', async () => {
    const browser = fakeBrowser();
    await switchLanguage('xx', browser);
    expect(i18n.language).toBe('xx');
    expect(browser.page.documentElement.lang).toBe('en');
    expect(browser.stored.get(localeStorageKey)).toBe('xx');
  });

  it('still switches when local storage refuses the choice', async () => {
    const browser = fakeBrowser();
    browser.storage.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    await switchLanguage('en', browser);
    expect(i18n.language).toBe('en');
    expect(browser.page.documentElement.lang).toBe('en');
  });
});
