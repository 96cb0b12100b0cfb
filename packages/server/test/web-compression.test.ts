import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { robotsTxt } from '../src/web/web-app.ts';
import { useTestApp } from './support/test-app.ts';

/** A built app as the build leaves it: each text file with its brotli and gzip copies. */
function precompressedDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'esign-dist-'));
  mkdirSync(join(dir, 'assets'));
  const files = {
    'index.html': `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(100)}<div id="root"></div>`,
    'assets/app-5678.js': `export const words = ${JSON.stringify('allekirjoitus '.repeat(500))};`,
    'assets/app-5678.css': `.app { color: #0b4f8a; }\n${'.x { margin: 0; }\n'.repeat(200)}`,
    // Too small to be worth a compressed copy: served as it is.
    'assets/tiny-1111.js': 'export {};',
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), content);
    if (content.length < 1024) continue;
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(content));
  }
  return dir;
}

describe('the web app served precompressed', () => {
  const context = useTestApp('sqlite', { WEB_DIST_DIR: precompressedDist() });
  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ url, headers });

  it('sends brotli to a browser that accepts it, with the type of the file and Vary', async () => {
    const response = await get('/assets/app-5678.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('allekirjoitus');
  });

  it('sends gzip to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/app-5678.css', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('#0b4f8a');

    const plain = await get('/assets/app-5678.css', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('#0b4f8a');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const none = await get('/assets/app-5678.css');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('gives each encoding its own ETag, and answers 304 to the one the browser has', async () => {
    const br = await get('/assets/app-5678.js', { 'accept-encoding': 'br' });
    const gzip = await get('/assets/app-5678.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/assets/app-5678.js');
    const etags = [br, gzip, plain].map((response) => response.headers.etag);
    expect(new Set(etags).size).toBe(3);
    const again = await get('/assets/app-5678.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const otherEncoding = await get('/assets/app-5678.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });

  it('serves a file without compressed copies as it is, to any browser', async () => {
    const response = await get('/assets/tiny-1111.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};');
  });

  it('compresses index.html for deep links too, and never caches it', async () => {
    for (const url of ['/', '/esign/edit/123', '/sign/abc']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
    }
  });

  it('answers robots.txt: the front page may be indexed, personal and private paths may not', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(robotsTxt);
    const disallowed = [...response.body.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]);
    expect(disallowed).toEqual([
      '/api/',
      '/sign/',
      '/view/',
      '/copy/',
      '/esign/',
      '/idp',
      '/dev/',
      '/metrics',
    ]);
    expect(response.body).toMatch(/^User-agent: \*$/m);
  });
});

describe('robots.txt before the web app is built', () => {
  const context = useTestApp('sqlite', { WEB_DIST_DIR: '/nonexistent-dist' });

  it('is still served, not the app', async () => {
    const response = await context.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(robotsTxt);
  });
});
