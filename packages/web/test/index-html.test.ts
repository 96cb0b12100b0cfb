import { readFileSync } from 'node:fs';
import { apiPaths, publicAssets } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import fi from '../src/locales/fi.json';

const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

describe('index.html', () => {
  it('starts the start-up calls with the page, in the credentials mode the app fetches them in', () => {
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"([^>]*)>/g)];
    // The locale list is where the default PUBLIC_URL (the portal's own root) puts it.
    expect(preloads.map((match) => match[1])).toEqual([
      apiPaths.commonConfig,
      apiPaths.currentUser,
      `/${publicAssets.locales}`,
    ]);
    // src/lib/http.ts fetches our own origin with credentials 'include': another mode is not reused.
    for (const match of preloads) expect(match[2]).toContain('crossorigin="use-credentials"');
  });

  it('describes the portal in Finnish, as the app does until another language is chosen', () => {
    const description = /<meta\s+name="description"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(description).toBe(fi.frontpage.description);
  });
});
