import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { AppError } from '../src/errors/app-error.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { TestClient } from './support/client.ts';
import { createWebDist } from './support/test-app.ts';

describe('the error format and security headers', () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await migrateToLatest(database.handle);
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: createWebDist(),
    });
    app = await buildApp({ config, database: database.handle });
    // Routes that exist only in this test, to reach each branch of the handler.
    app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    app.get('/api/test/conflict', async () => {
      throw new AppError('conflict');
    });
    app.post(
      '/api/test/validate',
      {
        schema: {
          body: z.object({
            Name: z.string().min(1, 'validation.nameRequired').max(5, 'validation.maxLength'),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('hides an unexpected error behind the SPEC §8 message, with no stack', async () => {
    const response = await app.inject({ url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      key: 'errors.unexpected',
      message: 'An unexpected server error occurred.',
    });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts');
  });

  it('maps a coded error to its status and message', async () => {
    const response = await app.inject({ url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json().key).toBe('errors.checkInput');
  });

  it('reports invalid input with the field and the SPEC §5 message key', async () => {
    const browser = new TestClient(app);
    await browser.get('/');
    const empty = await browser.post('/api/test/validate', { Name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      key: 'errors.checkInput',
      message:
        "Check your input and try again. If this doesn't help, please contact system administrator.",
      issues: [{ path: 'Name', key: 'validation.nameRequired' }],
    });
    const long = await browser.post('/api/test/validate', { Name: 'abcdefg' });
    expect(long.json().issues).toEqual([
      { path: 'Name', key: 'validation.maxLength', params: { n: 5 } },
    ]);
  });

  it('refuses a body that is not JSON with a clear 4xx', async () => {
    const browser = new TestClient(app);
    await browser.get('/');
    const response = await browser.request({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('errors.checkInput');
  });

  it('sends a strict Content-Security-Policy without inline script', async () => {
    const response = await app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('switches off the browser features a page could be tricked into using (Permissions-Policy)', async () => {
    for (const url of ['/', '/api/config/common', '/idp/.well-known/openid-configuration']) {
      const policy = String((await app.inject({ url })).headers['permissions-policy']);
      for (const feature of [
        'camera=()',
        'microphone=()',
        'geolocation=()',
        'payment=()',
        'usb=()',
      ])
        expect(policy, url).toContain(feature);
      expect(policy).toContain('clipboard-write=(self)');
    }
  });

  it('never lets session-bearing API answers be cached', async () => {
    for (const url of ['/api/config/common', '/api/config/info', '/api/nothing']) {
      const response = await app.inject({ url });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('publishes the OpenAPI description generated from the schemas', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const common = document.paths['/api/config/common'].get.responses['200'];
    expect(Object.keys(common.content['application/json'].schema.properties)).toEqual([
      'Languages',
      'PublicUrl',
      'IsFrontpageInfoEditable',
      'GroupManagementEnabled',
      'PersonalSignedFileEnabled',
      'ShowHakaGroupId',
      'MaxUploadMb',
      'BuiltInLogin',
      'TimeZone',
      'ApiTokenMaxDays',
      'SigningDeadlineDays',
      'SigningDeadlineMaxDays',
    ]);
    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
