import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sampleRoutePreloads } from '../../test/support/route-preloads.ts';
import { createPageRenderer, dataPath, patternOf, withPreloads } from './route-preloads.ts';

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
    expect(patternOf('/esign/edit/:id').exec('/esign/edit/123/')?.groups).toEqual({ id: '123' });
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

  it("names the calls of the address's screen with its parameters in place", () => {
    const render = createPageRenderer(dist(sampleRoutePreloads));
    const calls = (path: string, signedIn: boolean) =>
      [
        ...render(path, signedIn)
          .identity.toString()
          .matchAll(
            /<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g,
          ),
      ].map(([, href]) => href);
    const token = 'aZ09_-kT3n';
    expect(calls(`/sign/${token}`, false)).toEqual([`/api/sign/${token}`]);
    expect(calls(`/sign/${token}/`, true)).toEqual([`/api/sign/${token}`]);
    const id = 'cfb26ad1-fb88-4805-b008-efb119bb4410';
    expect(calls(`/esign/edit/${id}`, true)).toEqual([
      `/api/esign/SignFlows/${id}`,
      '/api/esign/SignFlows/allowedsignaturelevels',
    ]);
    // A new draft has no flow to read yet; a visitor without a session reads nothing.
    expect(calls('/esign/edit/new', true)).toEqual(['/api/esign/SignFlows/allowedsignaturelevels']);
    expect(calls(`/esign/edit/${id}`, false)).toEqual([]);
    // The calls come before the code, so that the data's answer is on its way first.
    const html = render(`/sign/${token}`, false).identity.toString();
    expect(html.indexOf('/api/sign/')).toBeLessThan(html.indexOf('/assets/signing-1.js'));
  });

  it('names no call for a parameter it would have to encode, nor any path outside the API', () => {
    const preload = { path: '/api/sign/:token' };
    expect(dataPath(preload, { token: 'abc' })).toBe('/api/sign/abc');
    for (const token of ['%3Cscript%3E', '"><script>', '..', '.hidden', 'a b', 'ä', '', undefined])
      expect(dataPath(preload, { token }), String(token)).toBeUndefined();
    expect(dataPath(preload, { token: 'x'.repeat(201) })).toBeUndefined();
    expect(dataPath({ path: '/api/sign/:missing' }, { token: 'abc' })).toBeUndefined();
    const hostile = createPageRenderer(
      dist({
        routes: [
          {
            path: '/x/:id',
            scripts: [],
            styles: [],
            data: [
              { path: 'https://evil.example/:id' },
              { path: '/elsewhere/:id' },
              { path: '/api/"><script>/:id' },
              { path: '/api/ok/:id' },
            ],
          },
        ],
      }),
    );
    const html = hostile('/x/1', false).identity.toString();
    expect(html).toContain('href="/api/ok/1"');
    expect(html).not.toMatch(/evil|elsewhere|<script>/);
  });

  it('makes a page naming calls for its request, each with its own ETag', () => {
    const render = createPageRenderer(dist(sampleRoutePreloads));
    const first = render('/sign/first', false);
    const second = render('/sign/second', false);
    expect(first.etag).not.toBe(second.etag);
    expect(brotliDecompressSync(first.br).toString()).toBe(first.identity.toString());
    expect(gunzipSync(second.gzip).toString()).toBe(second.identity.toString());
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
