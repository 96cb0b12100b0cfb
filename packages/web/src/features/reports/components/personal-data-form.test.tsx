import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { PersonalDataForm } from './personal-data-form.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

function renderForm(language: string): string {
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PersonalDataForm />
    </QueryClientProvider>,
  );
}

describe('the personal-data query form', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it("offers SPEC §3's three identifier kinds as radio buttons", () => {
    const html = renderForm('en');
    expect(html).toContain('<legend class="form-label fs-6 mb-1">Identifier type</legend>');
    for (const label of [
      'Finnish personal identity code',
      'E-mail address',
      'Finnish electronic id (SATU)',
    ]) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html.match(/<input[^>]*type="radio"[^>]*name="IdentifierType"/g)).toHaveLength(3);
  });

  it('labels the identifier and tells how an identity code looks', () => {
    const html = renderForm('en');
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Identifier<\/label><input[^>]*id="\1"/);
    expect(html).toContain('For example 131052-308T or 131052A308T');
  });

  it('queries either the signing service or the portal', () => {
    const html = renderForm('fi');
    expect(html).toContain('role="group" aria-label="Hae tiedot kohteesta"');
    expect(html).toMatch(/<button type="submit" value="service"[^>]*>Allekirjoituspalvelu</);
    expect(html).toMatch(/<button type="submit" value="portal"[^>]*>Portaali</);
  });
});
