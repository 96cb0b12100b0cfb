import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeModules } from './route-modules.ts';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The screen modules a file imports lazily (`import('…-route.tsx')`), as paths under the web root. */
function lazyScreens(file: string): string[] {
  const text = readFileSync(join(webRoot, file), 'utf8');
  return [...text.matchAll(/import\('([^']+-route\.tsx)'\)/g)].map((match) =>
    relative(webRoot, resolve(dirname(join(webRoot, file)), match[1] ?? '')),
  );
}

// Pages that are only ever reached from within the app or as an ended link: nothing to fetch ahead.
const notPreloaded = new Set([
  'src/features/signing/routes/signed-copy-gone-route.tsx',
  'src/app/routes/not-found-route.tsx',
]);

describe('the screens named for preloading', () => {
  const tabled = new Set(routeModules.flatMap((entry) => entry.modules));

  it('name every screen the router loads, so none is left to load late', () => {
    const screens = [
      ...lazyScreens('src/app/router.tsx'),
      ...lazyScreens('src/app/routes/home-route.tsx'),
    ].filter((screen) => !notPreloaded.has(screen));
    expect(screens.length).toBeGreaterThan(15);
    for (const screen of screens) expect(tabled, screen).toContain(screen);
  });

  it('name only files that exist', () => {
    for (const module of tabled) expect(existsSync(join(webRoot, module)), module).toBe(true);
  });
});
