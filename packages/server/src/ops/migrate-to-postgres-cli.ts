import 'dotenv/config';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/config-error.ts';
import { loadConfig } from '../config/env.ts';
import { formatReport, migrateToPostgres, TargetNotEmptyError } from './migrate-to-postgres.ts';

const usage = `Moves an SQLite installation to PostgreSQL (and its files to S3 when S3_* is set).

  npm run migrate-to-postgres -- [--from <old DATA_DIR or its esign.db>] [--force]

Run it with the environment the new nodes will have: DATABASE_URL=postgres://…, S3_* (or
DATA_DIR for files on disk), PKI_PASSPHRASE and SESSION_SECRET. Stop the portal first.
  --from   the SQLite installation to read (default: DATA_DIR)
  --force  empty the target database first if it already holds data
Exits 0 when every count, file hash and audit chain checks out, 1 otherwise.`;

/** The old installation: its SQLite file and its files folder. */
function sourceOf(from: string) {
  const path = resolve(from);
  const dataDir = existsSync(path) && statSync(path).isFile() ? dirname(path) : path;
  const sqliteFile = dataDir === path ? join(path, 'esign.db') : path;
  return { sqliteFile, filesDir: join(dataDir, 'files'), dataDir };
}

/** Secrets the old installation generated into its DATA_DIR must follow it to the new nodes. */
function secretReminders(dataDir: string): string[] {
  return [
    ['SESSION_SECRET', 'session-secret', 'signing links already mailed and sessions'],
    ['PKI_PASSPHRASE', 'pki-passphrase', "the portal PKI's keys"],
  ]
    .filter(
      ([variable, file]) => !process.env[variable ?? ''] && existsSync(join(dataDir, file ?? '')),
    )
    .map(
      ([variable, file, what]) =>
        `Set ${variable} on every node to the content of ${join(dataDir, file ?? '')}: ${what} depend on it.`,
    );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const source = sourceOf(values.from ?? config.dataDir);
  if (!existsSync(source.sqliteFile)) {
    console.error(`No SQLite database at ${source.sqliteFile}.\n\n${usage}`);
    return 2;
  }
  console.log(`Migrating ${source.sqliteFile} to PostgreSQL…`);
  const report = await migrateToPostgres({
    sqliteFile: source.sqliteFile,
    sourceFilesDir: source.filesDir,
    config,
    force: values.force,
    log: (line) => console.log(line),
  });
  console.log(`\n${formatReport(report)}`);
  for (const reminder of secretReminders(source.dataDir)) console.log(reminder);
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof TargetNotEmptyError) {
      console.error(error.message);
    } else {
      console.error('Migration failed:', error);
    }
    process.exit(error instanceof TargetNotEmptyError ? 1 : 2);
  },
);
