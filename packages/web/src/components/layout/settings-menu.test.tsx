import type { CommonConfig, Session } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commonConfigQueryOptions, defaultCommonConfig } from '../../lib/common-config.ts';
import { i18n, loadCatalogue } from '../../lib/i18n.ts';
import { sessionQueryOptions } from '../../lib/session.ts';
import { settingsMenuEntries } from './settings-menu-entries.ts';
import { SiteNav } from './site-nav.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const admin: Session = {
  IsAdmin: true,
  DisplayName: 'Anna Admin',
  OrganizationName: 'Example Oy',
  BIC: 'EXMPFIHH',
  IsAuthenticated: true,
  UserId: 'user-1',
};

/** The menu as an English-speaking administrator reads it: name and where it leads. */
function menuFor(
  GroupManagementEnabled: boolean,
  IsFrontpageInfoEditable: boolean,
  BuiltInLogin = false,
): string[] {
  return settingsMenuEntries({ GroupManagementEnabled, IsFrontpageInfoEditable, BuiltInLogin }).map(
    (entry) => `${i18n.t(entry.label, { lng: 'en' })} → ${entry.href}`,
  );
}

function navElement(session: Session | null, BuiltInLogin = false): ReactElement {
  const queryClient = new QueryClient();
  const config: CommonConfig = {
    ...defaultCommonConfig('https://portal.example.org'),
    BuiltInLogin,
  };
  queryClient.setQueryData(commonConfigQueryOptions().queryKey, config);
  queryClient.setQueryData(sessionQueryOptions().queryKey, session);
  void i18n.changeLanguage('en');
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SiteNav />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** The navigation as it first shows: code loaded on demand not there yet. */
function renderNav(session: Session | null, BuiltInLogin = false): string {
  return renderToStaticMarkup(navElement(session, BuiltInLogin));
}

/** The navigation once every part loaded on demand has come. */
async function renderNavLoaded(session: Session | null): Promise<string> {
  const { prelude } = await prerenderToNodeStream(navElement(session));
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('the settings menu', () => {
  const reports = ['Reports → /reports', 'Personal-data queries → /personalreports'];

  it('offers reports and personal reports when neither switch is set (logout follows them)', () => {
    expect(menuFor(false, false)).toEqual(reports);
  });

  it('offers organisation info only when group management is enabled', () => {
    expect(menuFor(true, false)).toEqual(['Organisation info → /groups', ...reports]);
  });

  it('offers settings only when the front-page text is editable', () => {
    expect(menuFor(false, true)).toEqual(['Settings → /settings', ...reports]);
  });

  it('offers both when both switches are set', () => {
    expect(menuFor(true, true)).toEqual([
      'Organisation info → /groups',
      'Settings → /settings',
      ...reports,
    ]);
  });

  it("offers the user accounts last while the built-in login is the portal's", () => {
    expect(menuFor(false, false, true)).toEqual([...reports, 'User accounts → /accounts']);
  });
});

describe('who sees the settings menu', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('is shown to an administrator as a gear button, its place held while its code loads', async () => {
    // First showing: the menu's code is not there yet, an empty box of its size is.
    const first = renderNav(admin);
    expect(first).toContain('<span class="site-nav__menu-placeholder"></span>');
    expect(first).not.toContain('settings-menu');
    expect(await renderNavLoaded(admin)).toMatch(
      /<button[^>]*aria-label="Settings menu"[^>]*data-testid="settings-menu"/,
    );
  });

  it('is not shown to a signed-in user who is not an administrator', () => {
    const html = renderNav({ ...admin, IsAdmin: false });
    expect(html).not.toContain('settings-menu');
    expect(html).not.toContain('Settings menu');
    expect(html).toContain('E-sign');
  });

  it('is not shown without a session', () => {
    expect(renderNav(null)).not.toContain('settings-menu');
  });
});

describe("who is offered 'My account'", () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it("every signed-in user, while the built-in login is the portal's", () => {
    const html = renderNav({ ...admin, IsAdmin: false }, true);
    expect(html).toMatch(/<a[^>]*href="\/account"[^>]*>.*My account<\/span><\/a>/);
  });

  it('nobody when another provider logs users in, nor anyone signed out', () => {
    expect(renderNav(admin, false)).not.toContain('/account');
    expect(renderNav(null, true)).not.toContain('/account');
  });
});
