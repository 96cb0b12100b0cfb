import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { createPostgresSchema } from '../test/support/backends.ts';
import { createTestDatabase, testDatabaseUrl } from '../test/support/databases.ts';
import { HttpClient } from '../test/support/http-client.ts';
import { freePort, startNode } from '../test/support/node-process.ts';
import { createWebDist } from '../test/support/test-app.ts';

/** A running portal the race suite drives over HTTP and inspects in its database and files. */
export interface RacePortal {
  label: string;
  /** One address per node; a race sends its two sides to different nodes when there are two. */
  urls: string[];
  db: Kysely<Database>;
  sessionSecret: string;
  /** The bytes of a stored object (the nodes share one file store on disk). */
  readObject(storageKey: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** A signed-in sender on every node of the portal (one cookie jar). */
export async function signIn(portal: RacePortal): Promise<HttpClient[]> {
  const first = new HttpClient(portal.urls[0] ?? '');
  await first.login('user@example.com', 'user-demo');
  return portal.urls.map((url) => first.at(url));
}

/** SQLite, with the app built in this process and listening on 127.0.0.1. */
export async function startSqlitePortal(): Promise<RacePortal> {
  const database = await createTestDatabase('sqlite');
  await migrateToLatest(database.handle);
  const sessionSecret = randomBytes(32).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: createWebDist(),
    SESSION_SECRET: sessionSecret,
  });
  const app = await buildApp({ config, database: database.handle });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    label: 'SQLite, one node in this process',
    urls: [`http://127.0.0.1:${port}`],
    db: database.handle.db,
    sessionSecret,
    readObject: (key) => readFile(join(database.dataDir, 'files', key)),
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** PostgreSQL, two server processes sharing one schema and one DATA_DIR. */
export async function startPostgresPortal(): Promise<RacePortal> {
  const schema = await createPostgresSchema();
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-races-'));
  const sessionSecret = randomBytes(32).toString('base64url');
  const env = {
    DATABASE_URL: schema.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret,
    PKI_PASSPHRASE: randomBytes(16).toString('base64url'),
    WEB_DIST_DIR: createWebDist(),
    LOG_LEVEL: 'error',
  };
  const nodes = await Promise.all(
    ['a', 'b'].map(async (name) =>
      startNode(name, env, { port: await freePort(), readyTimeoutMs: 60_000 }),
    ),
  );
  const database = openDatabase({ databaseUrl: testDatabaseUrl, dataDir, schema: schema.schema });
  return {
    label: 'PostgreSQL, two server processes',
    urls: nodes.map((node) => node.url),
    db: database.db,
    sessionSecret,
    readObject: (key) => readFile(join(dataDir, 'files', key)),
    async close() {
      await Promise.all(nodes.map((node) => node.stop()));
      for (const node of nodes) {
        const errors = node.output().trim();
        if (errors) console.log(`node ${node.name} logged:\n${errors.slice(-4000)}`);
      }
      await database.close();
      await schema.dispose();
    },
  };
}
