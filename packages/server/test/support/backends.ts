import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { testDatabaseUrl } from './databases.ts';

/** A fresh schema in the shared test PostgreSQL, for processes that reach it by URL. */
export interface PostgresSchema {
  schema: string;
  /** The database URL whose connections work in this schema (search_path). */
  url: string;
  /** The same, through another host and port (a proxy in front of PostgreSQL). */
  urlVia(host: string, port: number): string;
  /** Drops the schema and everything in it; only this schema. */
  dispose(): Promise<void>;
}

/** Points a postgres:// URL at one schema: `options=-c search_path=<schema>`, which pg passes on. */
export function postgresUrlInSchema(base: string, schema: string): string {
  const url = new URL(base);
  url.search = `?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return url.href;
}

async function runAsAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A whole database of its own in the test PostgreSQL (for tools that take a database, not a
 * schema), dropped by `drop`; needs a role with CREATEDB.
 */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await runAsAdmin(`create database ${name}`).catch((error: unknown) => {
    throw new Error(
      `Could not create a database at ${testDatabaseUrl}: this test needs a role with CREATEDB (TEST_DATABASE_URL).`,
      { cause: error },
    );
  });
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  url.search = '';
  return { url: url.href, drop: () => runAsAdmin(`drop database if exists ${name} with (force)`) };
}

/** Like createTestDatabase('postgres'), but the caller gets a URL instead of a handle. */
export async function createPostgresSchema(): Promise<PostgresSchema> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(`create schema ${schema}`);
  return {
    schema,
    url: postgresUrlInSchema(testDatabaseUrl, schema),
    urlVia(host, port) {
      const url = new URL(testDatabaseUrl);
      url.hostname = host;
      url.port = String(port);
      return postgresUrlInSchema(url.href, schema);
    },
    dispose: () => runAsAdmin(`drop schema if exists ${schema} cascade`),
  };
}

// s3rver ships no types: describe the little of it used here.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverOptions = {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
};
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  options: S3rverOptions,
) => S3rverServer;

/** An S3-protocol store on 127.0.0.1 with one bucket. */
export interface TestS3Server {
  endpoint: string;
  port: number;
  bucket: string;
  /** The environment a node needs to keep its files there. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver (on the given port, or any free one) with its data in a temporary folder. */
export async function startS3Server(port = 0): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'esign-s3rver-'));
  const bucket = 'esign-files';
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    port: address.port,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
