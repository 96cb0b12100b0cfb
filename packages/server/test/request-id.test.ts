import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { createWebDist } from './support/test-app.ts';

type LogLine = { requestId?: string; msg?: string; level: number } & Record<string, unknown>;

describe('request ids in the response and the JSON log', () => {
  const lines: LogLine[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await migrateToLatest(database.handle);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: createWebDist(),
    });
    app = await buildApp({ config, database: database.handle, logStream });
    app.get('/api/test/crash', async (request) => {
      request.log.info('about to fail');
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });
  const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

  it("takes a proxy's safe X-Request-Id, echoes it and logs every line of the request with it", async () => {
    const requestId = 'proxy-4f1c.9_A';
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': requestId } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(requestId);
    expect(linesOf(requestId).map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('makes a UUID for a request without one, and for an unsafe or overlong one', async () => {
    const unsafe = ['a b', 'id\r\nx-injected: 1', 'ä', 'x'.repeat(129), ''];
    for (const given of [undefined, ...unsafe]) {
      const headers = given === undefined ? {} : { 'x-request-id': given };
      const response = await app.inject({ url: '/healthz', headers });
      const echoed = String(response.headers['x-request-id']);
      expect(echoed).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(linesOf(echoed)).toHaveLength(2);
    }
    const longest = 'y'.repeat(128);
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': longest } });
    expect(response.headers['x-request-id']).toBe(longest);
  });

  it('carries the id through a failing request: header, handler log and error log alike', async () => {
    const response = await app.inject({
      url: '/api/test/crash',
      headers: { 'x-request-id': 'crash-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('crash-1');
    const messages = linesOf('crash-1').map((line) => line.msg);
    expect(messages).toEqual([
      'incoming request',
      'about to fail',
      'request failed',
      'request completed',
    ]);
  });

  it('echoes the id on a 404 and on a page of the web app', async () => {
    for (const url of ['/api/nothing', '/esign/edit/1']) {
      const response = await app.inject({ url, headers: { 'x-request-id': 'page-1' } });
      expect(response.headers['x-request-id']).toBe('page-1');
    }
  });
});
