import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { sampleRoutePreloads } from './support/route-preloads.ts';
import { createWebDist, useTestApp } from './support/test-app.ts';

describe('serving the web app in history mode', () => {
  const context = useTestApp('sqlite');

  it.each(['/', '/esign/edit/123', '/groups', '/login?r=%2Fsettings', '/no/such/page'])(
    'answers index.html for %s',
    async (url) => {
      const response = await context.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves a built file as itself, cached for good', async () => {
    const response = await context.app.inject({ url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("serves the app's scripts and stylesheets without session cookies or a document's headers", async () => {
    // A first visit: no cookies yet, so a page would be given an anonymous id and an XSRF token.
    const page = await context.app.inject({ url: '/' });
    expect(String(page.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['permissions-policy']).toContain('camera=()');

    const script = await context.app.inject({ url: '/assets/app-1234.js?v=1' });
    expect(script.statusCode).toBe(200);
    // An answer cached for a year (by proxies too) must carry no one's cookie.
    expect(script.headers['set-cookie']).toBeUndefined();
    for (const documentOnly of [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ])
      expect(script.headers[documentOnly], documentOnly).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('same-origin');
  });

  it('answers a built file that does not exist with a 404, not the app', async () => {
    for (const url of ['/assets/gone-0000.js', '/assets/gone-0000.css']) {
      const response = await context.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('answers an unknown API path with the JSON 404 of SPEC §8, not the app', async () => {
    for (const url of ['/api/nothing', '/api/esign/Nope', '/api']) {
      const response = await context.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        status: 404,
        key: 'errors.notFound',
        message: 'Not Found',
      });
    }
  });

  it('does not answer unsafe methods with the app', async () => {
    const browser = new TestClient(context.app);
    await browser.get('/');
    const response = await browser.post('/esign/edit/1');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});

describe("the page names its screen's files for a first load", () => {
  const distDir = createWebDist();
  writeFileSync(join(distDir, 'route-preloads.json'), JSON.stringify(sampleRoutePreloads));
  const context = useTestApp('sqlite', { WEB_DIST_DIR: distDir });
  const preloaded = (body: string) =>
    [...body.matchAll(/<link rel="\w+" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("gives a signed-in user's front page the list's files, and a visitor's the front page's", async () => {
    const visitor = new TestClient(context.app);
    expect(preloaded((await visitor.get('/')).body)).toEqual([
      '/assets/home-1.js',
      '/assets/front-1.js',
    ]);
    expect(preloaded((await visitor.get('/esign/edit/abc')).body)).toEqual([]);

    const user = new TestClient(context.app);
    await user.login('user@example.com', 'user-demo');
    const home = await user.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(preloaded(home.body)).toEqual([
      '/assets/home-1.js',
      '/assets/list-1.js',
      '/assets/list-1.css',
    ]);
    expect(preloaded((await user.get('/esign/edit/abc')).body)).toEqual(['/assets/edit-1.js']);
  });

  it('keeps the full headers on a built worker, an image and a page', async () => {
    writeFileSync(join(distDir, 'assets', 'pdf.worker-1.mjs'), 'self.onmessage = () => {};');
    writeFileSync(
      join(distDir, 'assets', 'icon-1.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    for (const url of ['/assets/pdf.worker-1.mjs', '/assets/icon-1.svg', '//assets/app-1234.js']) {
      const response = await context.app.inject({ url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBeDefined();
    }
  });

  it("names a personal link's own call, and only a plain token", async () => {
    const token = 'Tk_0123456789-abcdefghijklmnopqrstuvwxyzABCD';
    const call = /<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g;
    const calls = (body: string) => [...body.matchAll(call)].map((match) => match[1]);
    const page = await context.app.inject({ url: `/sign/${token}` });
    expect(page.statusCode).toBe(200);
    expect(calls(page.body)).toEqual([`/api/sign/${token}`]);
    const hostile = await context.app.inject({
      url: '/sign/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    });
    expect(hostile.statusCode).toBe(200);
    expect(calls(hostile.body)).toEqual([]);
    expect(hostile.body).not.toContain('<script>alert');
  });

  it('answers 304 to the page the browser has, per encoding', async () => {
    const first = await context.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    const again = await context.app.inject({
      url: '/login',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const gzip = await context.app.inject({
      url: '/login',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });
});

describe('before the web app is built', () => {
  const context = useTestApp('sqlite', { WEB_DIST_DIR: '/nonexistent-dist' });

  it('says how to build it instead of failing obscurely', async () => {
    const response = await context.app.inject({ url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
