import type { CommonConfig, Session } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commonConfigQueryOptions, defaultCommonConfig } from '../../lib/common-config.ts';
import { i18n, loadCatalogue } from '../../lib/i18n.ts';
import { sessionQueryOptions } from '../../lib/session.ts';
import { Header } from './header.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const config: CommonConfig = {
  ...defaultCommonConfig('https://cdn.example.org/portal'),
  Languages: ['fi', 'en'],
};
const member: Session = {
  IsAdmin: false,
  DisplayName: 'Maija Meikäläinen',
  OrganizationName: 'Example Oy',
  BIC: 'EXMPFIHH',
  IsAuthenticated: true,
  UserId: 'user-1',
};

function renderHeader(session: Session | null, at = '/'): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(commonConfigQueryOptions().queryKey, config);
  queryClient.setQueryData(sessionQueryOptions().queryKey, session);
  void i18n.changeLanguage('en');
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The links as a user meets them: address and visible name. */
function linksOf(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(
    ([, href, content]) => `${href}: ${(content ?? '').replace(/<[^>]*>/g, '')}`,
  );
}

describe('the header with a session', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('shows the organisation with its BIC in brackets and the user’s display name', () => {
    const html = renderHeader(member);
    expect(html).toContain('<span data-testid="header-organisation">Example Oy (EXMPFIHH)</span>');
    expect(html).toContain('<span data-testid="header-display-name">Maija Meikäläinen</span>');
  });

  it('shows the organisation alone when it has no BIC', () => {
    const html = renderHeader({ ...member, BIC: '' });
    expect(html).toContain('<span data-testid="header-organisation">Example Oy</span>');
  });

  it('links to / as e-sign and offers logout as a button (it posts), not login', () => {
    const html = renderHeader(member);
    const links = linksOf(html);
    expect(links).toContain('/: E-sign');
    expect(html).toMatch(
      /<button type="button" class="site-nav__link site-nav__button">.*Log out<\/span><\/button>/,
    );
    // No link to the logout address: a GET there logs no one out.
    expect(html).not.toContain('ExternalLogout');
    expect(links.filter((link) => link.includes('ExternalLogin'))).toEqual([]);
  });

  it('shows the logo from the public URL', () => {
    expect(renderHeader(member)).toContain('src="https://cdn.example.org/portal/logo.svg"');
  });
});

describe('the header without a session', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('offers a login link to the external login address that brings the user back', () => {
    const links = linksOf(renderHeader(null, '/reports'));
    expect(links).toContain('/api/esign/Users/ExternalLogin?r=%2Freports: Log in');
  });

  it('shows no user, no e-sign link and no logout', () => {
    const html = renderHeader(null);
    expect(html).not.toContain('data-testid="header-user"');
    expect(html).not.toContain('E-sign');
    expect(html).not.toContain('ExternalLogout');
    expect(html).not.toContain('data-testid="settings-menu"');
  });
});
