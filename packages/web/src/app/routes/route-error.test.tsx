import { renderToStaticMarkup } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
} from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadCatalogue } from '../../lib/i18n.ts';
import { withinFrame } from './route-error.tsx';

beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

/** Renders '/' of a frame whose one screen fails to load, as the router would show it. */
async function renderFailingScreen(language: string) {
  void i18n.changeLanguage(language);
  const routes = [
    {
      element: (
        <div className="frame">
          <Outlet />
        </div>
      ),
      children: withinFrame([
        {
          path: '/',
          loader: () => {
            throw new TypeError('Failed to fetch dynamically imported module');
          },
        },
      ]),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://127.0.0.1/'));
  if (context instanceof Response) throw new Error('a redirect was not expected');
  return renderToStaticMarkup(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
    />,
  );
}

describe('a screen that fails', () => {
  afterEach(() => void i18n.changeLanguage('fi'));

  it('says so in the reader’s language with a reload button, not the router’s English page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const english = await renderFailingScreen('en');
    expect(english).toContain('<h1>The page could not be shown</h1>');
    expect(english).toMatch(/<button[^>]*>Reload the page<\/button>/);
    expect(english).not.toContain('Unexpected Application Error');
    expect(english).toMatch(/^<div class="frame"><div data-testid="route-error">/);
    expect(await renderFailingScreen('fi')).toContain('<h1>Sivua ei voitu näyttää</h1>');
    expect(await renderFailingScreen('sv')).toContain('<h1>Sidan kunde inte visas</h1>');
  });
});
