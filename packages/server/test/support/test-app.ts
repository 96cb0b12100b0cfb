import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDependencies } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config/env.ts';
import type { DatabaseKind } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

/** A minimal built web app, so that the static and history-fallback paths are real files. */
export function createWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'esign-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log("app");');
  return dir;
}

export interface TestContext {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
}

/**
 * Sessions read the app's clock too: a test that moves it by hours or days keeps its users
 * signed in with these limits (a year idle, a year in all).
 */
export const sessionsOutlastMovedClock = {
  SESSION_IDLE_MINUTES: '525600',
  SESSION_ABSOLUTE_HOURS: '8760',
};

/**
 * Builds the app over a fresh migrated database of the given kind for one test file;
 * the returned object is filled in before the tests run and torn down after.
 */
export function useTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Pick<AppDependencies, 'clock' | 'logStream' | 'webhookResolver' | 'bulkSendTuning'> = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    await migrateToLatest(database.handle);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: createWebDist(),
      ...env,
    });
    context.database = database;
    context.config = config;
    context.app = await buildApp({ config, database: database.handle, ...options });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.dispose();
  });
  return context;
}
