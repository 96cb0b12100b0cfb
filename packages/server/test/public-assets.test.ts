import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

describe('public assets under the public URL', () => {
  const context = useTestApp('sqlite', { LANGUAGES: 'fi,en,sv' });
  const localesDir = () => join(context.config.dataDir, 'locales');

  it('lists the languages and has no overrides on a fresh install', async () => {
    const response = await context.app.inject({ url: '/locales.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ languages: ['fi', 'en', 'sv'], overrides: [] });
    const messages = await context.app.inject({ url: '/locales/fi.json' });
    expect(messages.statusCode).toBe(200);
    expect(messages.json()).toEqual({});
  });

  it('serves an operator locale file from DATA_DIR without a rebuild', async () => {
    mkdirSync(localesDir(), { recursive: true });
    const messages = {
      footer: {
        privacyPolicy: { text: 'Tietosuojaseloste', url: 'https://example.fi/tietosuoja' },
      },
      frontpage: { title: 'Yliopiston allekirjoituspalvelu' },
    };
    writeFileSync(join(localesDir(), 'fi.json'), JSON.stringify(messages));
    writeFileSync(join(localesDir(), 'de.json'), JSON.stringify({ x: 'not offered' }));

    const list = (await context.app.inject({ url: '/locales.json' })).json();
    expect(list.overrides).toEqual(['fi']);
    const response = await context.app.inject({ url: '/locales/fi.json' });
    expect(response.json()).toEqual(messages);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('refuses a language the server does not offer and a path that is not a locale file', async () => {
    const unknown = await context.app.inject({ url: '/locales/de.json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ key: 'errors.notFound', message: 'Not Found' });
    const traversal = await context.app.inject({ url: '/locales/..%2Fsession-secret' });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.body).not.toContain(context.config.sessionSecret);
  });

  it('fails cleanly when an operator locale file is not JSON', async () => {
    mkdirSync(localesDir(), { recursive: true });
    writeFileSync(join(localesDir(), 'sv.json'), '{ broken');
    const response = await context.app.inject({ url: '/locales/sv.json' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      key: 'errors.unexpected',
      message: 'An unexpected server error occurred.',
    });
  });

  it('serves the built-in favicon and logo', async () => {
    const favicon = await context.app.inject({ url: '/favicon.ico' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/x-icon');
    expect(favicon.rawPayload.readUInt16LE(2)).toBe(1); // ICO type
    const logo = await context.app.inject({ url: '/logo.svg' });
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toContain('<svg');
  });

  it('lets an operator replace the logo from DATA_DIR', async () => {
    writeFileSync(join(context.config.dataDir, 'logo.svg'), '<svg id="university-logo"/>');
    const logo = await context.app.inject({ url: '/logo.svg' });
    expect(logo.body).toBe('<svg id="university-logo"/>');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
