import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../src/db/database.ts';

export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** Drops what the test made: the PostgreSQL schema, or nothing for the SQLite temp file. */
  dispose(): Promise<void>;
}

/** A fresh SQLite file in its own temporary DATA_DIR. */
function createSqlite(): TestDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-test-'));
  const handle = openDatabase({ dataDir });
  return { handle, dataDir, dispose: () => handle.close() };
}

/** A fresh schema in the test PostgreSQL, so that test files never collide. */
async function createPostgres(): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${testDatabaseUrl}. Start it (see README, "Tests") or set TEST_DATABASE_URL.`,
      { cause: error },
    );
  }
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-test-'));
  const handle = openDatabase({ databaseUrl: testDatabaseUrl, dataDir, schema });
  return {
    handle,
    dataDir,
    async dispose() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: testDatabaseUrl });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    },
  };
}

export const databaseKinds: DatabaseKind[] = ['sqlite', 'postgres'];

export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'sqlite' ? Promise.resolve(createSqlite()) : createPostgres();
}
