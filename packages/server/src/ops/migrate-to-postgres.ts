import { join, resolve } from 'node:path';
import { verifyAuditChains } from '../audit/audit.service.ts';
import type { AppConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadPortalTrust } from '../pki/portal-trust.ts';
import { createFileStorage } from '../storage/create-storage.ts';
import { ensureBucket } from '../storage/s3-storage.ts';
import { systemClock } from '../time/clock.ts';
import { copyAndVerifyFiles, type FileCheck } from './copy-files.ts';
import {
  copyTables,
  tablesInDependencyOrder,
  tablesWithRows,
  type TableCount,
} from './copy-tables.ts';

export interface MigrationOptions {
  /** The SQLite database to read (the old DATA_DIR/esign.db). */
  sqliteFile: string;
  /** Where its files are (the old DATA_DIR/files). */
  sourceFilesDir: string;
  /** The new configuration: DATABASE_URL (PostgreSQL), S3_* or DATA_DIR, PKI_PASSPHRASE. */
  config: AppConfig;
  /** Empty the target first instead of refusing when it holds data. */
  force: boolean;
  log?: (line: string) => void;
}

export interface MigrationReport {
  ok: boolean;
  tables: TableCount[];
  files: FileCheck;
  /** Audit chains (each flow's and the portal's) that verify, and the first event of any that do not. */
  auditChains: { verified: number; broken: string[] };
  /** null when the portal PKI opens with the configured PKI_PASSPHRASE, else why not. */
  pkiProblem: string | null;
  /** Where the files now are. */
  fileStore: string;
}

/** The target already holds data and force was not given. */
export class TargetNotEmptyError extends Error {}

/**
 * Moves an SQLite installation to PostgreSQL (and its files to S3 when configured): the
 * schema is migrated to the latest version on both sides, every row copied in one
 * transaction, then counts, file hashes, audit chains and the PKI passphrase are checked.
 */
export async function migrateToPostgres(options: MigrationOptions): Promise<MigrationReport> {
  const { config, log = () => undefined } = options;
  if (!config.databaseUrl || !/^postgres(ql)?:\/\//.test(config.databaseUrl))
    throw new Error('DATABASE_URL must name the target PostgreSQL database (postgres://…)');
  // The source is brought up to this version's schema, as a start of the portal would.
  const source = openDatabase({ databaseUrl: `sqlite:${options.sqliteFile}`, dataDir: '.' });
  try {
    await migrateToLatest(source);
  } finally {
    await source.close();
  }
  const target = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(target);
    const withRows = await tablesWithRows(target.db, await tablesInDependencyOrder(target.db));
    if (withRows.length > 0 && !options.force)
      throw new TargetNotEmptyError(
        `The target database already holds data (${withRows.join(', ')}). Use --force to empty it first.`,
      );
    const tables = await copyTables(options.sqliteFile, target.db, {
      emptyFirst: withRows.length > 0,
      log,
    });
    if (config.s3) await ensureBucket(config.s3);
    const storage = createFileStorage(config);
    const sameFolder =
      storage.kind === 'disk' &&
      resolve(join(config.dataDir, 'files')) === resolve(options.sourceFilesDir);
    const files = await copyAndVerifyFiles({
      db: target.db,
      sourceDir: options.sourceFilesDir,
      target: storage,
      sameFolder,
      log,
    });
    const auditChains = await verifyAuditChains(target.db);
    const pkiProblem = await loadPortalTrust(target.db, config, systemClock).then(
      () => null,
      (error: unknown) => `the portal PKI does not open: ${(error as Error).message}`,
    );
    const ok =
      tables.every((count) => count.source === count.target) &&
      files.problems.length === 0 &&
      auditChains.broken.length === 0 &&
      pkiProblem === null;
    const fileStore = config.s3
      ? `S3 bucket ${config.s3.bucket}`
      : `${resolve(join(config.dataDir, 'files'))}`;
    return { ok, tables, files, auditChains, pkiProblem, fileStore };
  } finally {
    await target.close();
  }
}

/** The report as an operator reads it. */
export function formatReport(report: MigrationReport): string {
  const width = Math.max(...report.tables.map((count) => count.table.length), 5);
  const lines = [
    `${'table'.padEnd(width)}  ${'sqlite'.padStart(8)}  ${'postgres'.padStart(8)}`,
    ...report.tables.map(
      ({ table, source, target }) =>
        `${table.padEnd(width)}  ${String(source).padStart(8)}  ${String(target).padStart(8)}${source === target ? '' : '  MISMATCH'}`,
    ),
    '',
    `files: ${report.files.recorded} recorded, ${report.files.copied} copied to ${report.fileStore}, ${report.files.verified} verified by size and SHA-256`,
    ...report.files.problems.map((problem) => `  MISMATCH ${problem}`),
    `audit chains: ${report.auditChains.verified} verified`,
    ...report.auditChains.broken.map((broken) => `  BROKEN ${broken}`),
    report.pkiProblem ? `PKI: ${report.pkiProblem}` : 'PKI: opens with PKI_PASSPHRASE',
    '',
    report.ok ? 'Migration verified.' : 'Migration NOT verified: see the lines above.',
  ];
  return lines.join('\n');
}
