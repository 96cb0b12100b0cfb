import { performance } from 'node:perf_hooks';
import { apiPaths, reportOperations, type ReportKind, type ReportRow } from '@esign/contract';
import { buildApp } from '../src/app.ts';
import { startSession } from '../src/auth/session.service.ts';
import { loadConfig } from '../src/config/env.ts';
import type { DatabaseKind } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { monthRanges } from '../src/reports/month-ranges.ts';
import { countByMonthPostgres, countByMonthSqlite } from '../src/reports/reports.repository.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { createWebDist } from '../test/support/test-app.ts';
import { createAdmin, seedAuditEvents } from './report-seed.ts';

const rounds = 20;
const timeZone = 'Europe/Helsinki';

/** The screen's default range: from the first day of the month eleven months back to today. */
function lastTwelveMonths(now: Date): { start: string; end: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { start: first.toISOString().slice(0, 10), end: now.toISOString().slice(0, 10) };
}

const percentile = (samples: number[], share: number) =>
  [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * share) - 1] ?? 0;

async function timeIt(action: () => Promise<unknown>) {
  for (let warm = 0; warm < 3; warm += 1) await action();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

export interface ReportBenchRow {
  database: DatabaseKind;
  report: ReportKind;
  counted: number;
  seedSeconds: number;
  endpoint: { p50: number; p95: number };
  sql: { p50: number; p95: number };
}

/** The report over the last twelve months (the screen's default) on one database. */
async function benchOne(kind: DatabaseKind): Promise<ReportBenchRow[]> {
  const database = await createTestDatabase(kind);
  try {
    await migrateToLatest(database.handle);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: createWebDist(),
      TIME_ZONE: timeZone,
    });
    const app = await buildApp({ config, database: database.handle });
    const now = new Date();
    const seedStarted = performance.now();
    await seedAuditEvents(database.handle, now);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const token = await startSession(
      database.handle.db,
      {
        userId: await createAdmin(database.handle),
        loginMethod: 'oidc',
        ip: null,
        userAgent: null,
      },
      { idleMs: 3_600_000, absoluteMs: 3_600_000 },
      now,
    );
    const { start, end } = lastTwelveMonths(now);
    const rows: ReportBenchRow[] = [];
    for (const report of ['signings', 'authentications'] as const) {
      const url = `${report === 'signings' ? apiPaths.reportSignings : apiPaths.reportAuthentications}?start=${start}&end=${end}`;
      let answer: ReportRow[] = [];
      const endpoint = await timeIt(async () => {
        const response = await app.inject({ url, cookies: { esign_session: token } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        answer = response.json<ReportRow[]>();
      });
      const operations = reportOperations[report];
      const { db } = database.handle;
      const bare = await timeIt(() =>
        kind === 'postgres'
          ? countByMonthPostgres(db, { operations, start, end, timeZone })
          : countByMonthSqlite(db, { operations, months: monthRanges(start, end, timeZone) }),
      );
      const counted = answer.reduce((sum, row) => sum + row.Count, 0);
      rows.push({ database: kind, report, counted, seedSeconds, endpoint, sql: bare });
    }
    await app.close();
    return rows;
  } finally {
    await database.dispose();
  }
}

/** `npm run bench`: the twelve-month reports over a million audit events, on each database. */
export async function runReportBench(kinds: readonly DatabaseKind[]): Promise<void> {
  const rows: ReportBenchRow[] = [];
  for (const kind of kinds) rows.push(...(await benchOne(kind)));
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `\nReports over the last 12 months of 1,000,000 audit events in 24 months — ms over ${rounds} requests`,
  );
  console.log(
    '| database | report | events counted | endpoint p50 | endpoint p95 | SQL p50 | SQL p95 | endpoint / SQL (p50) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.database} | ${row.report} | ${row.counted.toLocaleString('en')} | ${ms(row.endpoint.p50)} | ${ms(row.endpoint.p95)} | ${ms(row.sql.p50)} | ${ms(row.sql.p95)} | ${(row.endpoint.p50 / row.sql.p50).toFixed(2)} |`,
    );
  }
  const seeded = [...new Map(rows.map((row) => [row.database, row.seedSeconds])).entries()];
  console.log(
    `seeding: ${seeded.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(', ')}`,
  );
  const worst = Math.max(...rows.map((row) => row.endpoint.p95));
  console.log(`worst endpoint p95: ${ms(worst)} ms (goal: under 200 ms)`);
}
