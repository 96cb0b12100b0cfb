import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { useTestApp } from './support/test-app.ts';

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

describe('before the web app is built', () => {
  const context = useTestApp('sqlite', { WEB_DIST_DIR: '/nonexistent-dist' });

  it('says how to build it instead of failing obscurely', async () => {
    const response = await context.app.inject({ url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
