import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sampleRoutePreloads } from '../../test/support/route-preloads.ts';
import { createPageRenderer, patternOf, withPreloads } from './route-preloads.ts';

const page =
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';

function dist(preloads: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'esign-preloads-'));
  writeFileSync(join(dir, 'index.html'), page);
  if (preloads !== undefined)
    writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify(preloads));
  return dir;
}

const links = (html: string) =>
  [...html.matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)">/g)].map(
    ([, rel, href]) => `${rel} ${href}`,
  );

describe("the app's page with its screen's files", () => {
  it('matches the router patterns one segment per parameter, with or without a trailing slash', () => {
    const edit = patternOf('/esign/edit/:id');
    expect(edit.test('/esign/edit/123')).toBe(true);
    expect(edit.test('/esign/edit/123/')).toBe(true);
    expect(edit.test('/esign/edit/123/more')).toBe(false);
    expect(edit.test('/esign/edit/')).toBe(false);
    expect(patternOf('/').test('/')).toBe(true);
    expect(patternOf('/').test('/login')).toBe(false);
    expect(patternOf('/templates/:templateId/bulk').test('/templates/t1/bulk')).toBe(true);
  });

  it('places module preloads and style sheets before </head>', () => {
    const html = withPreloads(page, ['/assets/a.js'], ['/assets/a.css']);
    expect(links(html)).toEqual(['modulepreload /assets/a.js', 'stylesheet /assets/a.css']);
    expect(html.indexOf('/assets/a.css')).toBeLessThan(html.indexOf('</head>'));
    expect(withPreloads(page, [], [])).toBe(page);
  });

  it("names the files of the address's screen, by whether the visitor is signed in", () => {
    const render = createPageRenderer(dist(sampleRoutePreloads));
    const html = (path: string, signedIn: boolean) => render(path, signedIn).identity.toString();
    expect(links(html('/', true))).toEqual([
      'modulepreload /assets/home-1.js',
      'modulepreload /assets/list-1.js',
      'stylesheet /assets/list-1.css',
    ]);
    expect(links(html('/', false))).toEqual([
      'modulepreload /assets/home-1.js',
      'modulepreload /assets/front-1.js',
    ]);
    expect(links(html('/esign/edit/abc', true))).toEqual(['modulepreload /assets/edit-1.js']);
    // Sent to the login page anyway: nothing to fetch ahead.
    expect(links(html('/esign/edit/abc', false))).toEqual([]);
    expect(html('/no/such/page', true)).toBe(page);
  });

  it('compresses each page once, with an ETag of its own', () => {
    const render = createPageRenderer(
      dist({ routes: [{ path: '/login', scripts: ['/assets/login-1.js'], styles: [] }] }),
    );
    const login = render('/login', false);
    expect(render('/login/', false)).toBe(login);
    expect(brotliDecompressSync(login.br).toString()).toBe(login.identity.toString());
    expect(gunzipSync(login.gzip).toString()).toBe(login.identity.toString());
    expect(render('/', false).etag).not.toBe(login.etag);
  });

  it('writes only asset paths into the page, and works without the file or with a broken one', () => {
    const hostile = createPageRenderer(
      dist({
        routes: [
          {
            path: '/',
            scripts: [
              '/assets/ok-1.js',
              'https://evil.example/x.js',
              '/assets/"><script>x</script>.js',
            ],
            styles: ['/../secret.css'],
          },
        ],
      }),
    );
    expect(links(hostile('/', false).identity.toString())).toEqual([
      'modulepreload /assets/ok-1.js',
    ]);
    expect(createPageRenderer(dist(undefined))('/', false).identity.toString()).toBe(page);
    expect(createPageRenderer(dist({ routes: 'no' }))('/', false).identity.toString()).toBe(page);
  });

  it('reads the page again after a new build', () => {
    const dir = dist({ routes: [] });
    const render = createPageRenderer(dir);
    expect(render('/', false).identity.toString()).toBe(page);
    writeFileSync(join(dir, 'index.html'), page.replace('app', 'new build'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, 'index.html'), later, later);
    expect(render('/', false).identity.toString()).toContain('new build');
  });
});
