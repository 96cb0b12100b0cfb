import type { Session } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { sessionQueryOptions } from '../../../lib/session.ts';
import { LogoutRoute } from './logout-route.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const member: Session = {
  IsAdmin: false,
  DisplayName: 'Maija Meikäläinen',
  OrganizationName: 'Example Oy',
  BIC: 'EXMPFIHH',
  IsAuthenticated: true,
  UserId: 'user-1',
};

function renderLogout(session: Session | null, at = '/logout', language = 'en'): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, session);
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <LogoutRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the logout page', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('asks a signed-in user to log out with a button, which posts, in each language', () => {
    expect(renderLogout(member)).toMatch(
      /<h1>Log out<\/h1>.*<button type="button"[^>]*>Log out<\/button>/,
    );
    expect(renderLogout(member, '/logout', 'fi')).toContain('>Kirjaudu ulos</button>');
    expect(renderLogout(member, '/logout', 'sv')).toContain('>Logga ut</button>');
    expect(renderLogout(member)).not.toContain('ExternalLogout');
  });

  it('says when logging out failed, and offers the button again', () => {
    const html = renderLogout(member, '/logout?failed=1');
    expect(html).toContain('Logging out failed. Try again.');
    expect(html).toContain('data-testid="logout-button"');
  });

  it('tells a browser without a session that it has been logged out', () => {
    const html = renderLogout(null);
    expect(html).toContain('You have been logged out.');
    expect(html).not.toContain('logout-button');
  });
});
