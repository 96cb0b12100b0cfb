import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { SqliteBooleanPlugin } from './sqlite-booleans.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; anything else (or nothing) the SQLite file. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string;
}

/** Opens the configured database; SQLite in DATA_DIR/esign.db unless DATABASE_URL names PostgreSQL. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.schema);
  if (url && !url.startsWith('sqlite:')) {
    throw new Error('DATABASE_URL must start with postgres:// or sqlite:');
  }
  const file = url ? url.replace(/^sqlite:(\/\/)?/, '') : join(options.dataDir, 'esign.db');
  return openSqlite(file);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(join(file, '..'), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: connection }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return {
    db,
    kind: 'sqlite',
    ping: () => pingWith(db),
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client losing its connection (a database restart) must not crash the process: the
  // pool hears it for idle clients, nobody for checked-out ones (their queries fail, and
  // the pool drops them on release), so each client gets a listener of its own.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: () => pingWith(db),
    close: () => db.destroy(),
  };
}

async function pingWith(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Dates come back as Date from PostgreSQL and as text from SQLite; the wire wants ISO UTC. */
export function toIsoString(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
