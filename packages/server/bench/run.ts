import { buildApp } from '../src/app.ts';
import { startSession } from '../src/auth/session.service.ts';
import { loadConfig } from '../src/config/env.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { createWebDist } from '../test/support/test-app.ts';
import { benchAbuse, printAbuse } from './abuse-bench.ts';
import { benchBulk, printBulk } from './bulk-bench.ts';
import { benchList, seedFlows, type ListBenchRow } from './list-bench.ts';
import { benchLoad } from './load-bench.ts';
import { benchMemory } from './memory-bench.ts';
import { runReportBench } from './report-bench.ts';
import { benchRaces, printRaces } from './races-bench.ts';
import { benchSoak, printSoak } from './soak-bench.ts';
import { benchStartup, printStartup } from './startup-bench.ts';
import { benchWeb, printWeb } from './web-bench.ts';

/**
 * `npm run bench`: list-page latency on both databases, memory under large files, the
 * reports over a million audit events and the load on one and two server processes.
 * Arguments pick parts: sqlite, postgres, memory, report, load (--seconds=N and
 * --connections=N, or LOAD_SECONDS and LOAD_CONNECTIONS, shorten the load run), startup
 * (--starts=N, default 20), soak (--minutes=N, default 30; only when named), abuse
 * (--minutes=N, default 10; only when named) and races (--runs=N, default 100,
 * --race=<part of a race's name>; only when named, on both databases unless sqlite or
 * postgres is), web (--runs=N, default 3, --resources lists each file a page loads and where
 * its main-thread time went, --pages=list,edit runs only those pages, --cpu-slowdown=8 slows the
 * simulated phone's processor more than the profile's 4×, as a slower host would; only when named: builds
 * the web app and runs Lighthouse on its pages in Debian's Chromium) and bulk (--rows=N,
 * default 1000, after a baseline of a tenth; only when named).
 */
async function main() {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  if (only.includes('bulk')) {
    const rows = numberOption('rows', 1000);
    // The baseline, the batch, and the batch again: memory is flat if the second leaves none more.
    if (!printBulk(await benchBulk([Math.max(1, Math.round(rows / 10)), rows, rows])))
      process.exitCode = 1;
    return;
  }
  if (only.includes('races')) {
    const databases = only.filter((arg) => arg === 'sqlite' || arg === 'postgres');
    const named = process.argv.find((arg) => arg.startsWith('--race='))?.slice('--race='.length);
    const rows = await benchRaces(numberOption('runs', 100), databases, named);
    if (!printRaces(rows)) process.exitCode = 1;
    return;
  }
  const rows: ListBenchRow[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (only.length && !only.includes(kind)) continue;
    const database = await createTestDatabase(kind);
    try {
      await migrateToLatest(database.handle);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: database.dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: createWebDist(),
      });
      const app = await buildApp({ config, database: database.handle });
      const userId = await seedFlows(database.handle.db);
      const token = await startSession(
        database.handle.db,
        { userId, loginMethod: 'oidc', ip: null, userAgent: null },
        { idleMs: 3_600_000, absoluteMs: 3_600_000 },
        new Date(),
      );
      const request = async (url: string) => {
        const response = await app.inject({ url, cookies: { esign_session: token } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      };
      rows.push(...(await benchList(database, request, userId)));
      await app.close();
    } finally {
      await database.dispose();
    }
  }
  if (rows.length) {
    console.log('\nList page (50 rows, page 3) of 10,000 flows — p95 in ms over 200 requests');
    console.log('| database | sort | search | endpoint p95 | SQL p95 | endpoint / SQL |');
    console.log('| --- | --- | --- | ---: | ---: | ---: |');
    for (const row of rows) {
      console.log(
        `| ${row.database} | ${row.sort} | ${row.search} | ${row.endpointP95.toFixed(2)} | ${row.sqlP95.toFixed(2)} | ${(row.endpointP95 / row.sqlP95).toFixed(2)} |`,
      );
    }
    const worst = Math.max(...rows.map((row) => row.endpointP95));
    console.log(`worst endpoint p95: ${worst.toFixed(2)} ms (goal: under 20 ms)`);
  }
  await runReports(only);
  if (!only.length || only.includes('memory')) {
    const memory = await benchMemory();
    console.log(`\nLarge file through a server process: ${memory.fileMb} MiB PDF`);
    console.log('| | resident memory (MiB) | growth over idle (MiB) | growth / file size |');
    console.log('| --- | ---: | ---: | ---: |');
    console.log(`| idle | ${memory.baselineMb.toFixed(0)} | — | — |`);
    for (const [label, peak] of [
      ['upload peak', memory.uploadPeakMb],
      ['download peak', memory.downloadPeakMb],
    ] as const) {
      const growth = peak - memory.baselineMb;
      console.log(
        `| ${label} | ${peak.toFixed(0)} | ${growth.toFixed(0)} | ${(growth / memory.fileMb).toFixed(3)} |`,
      );
    }
  }
  if (!only.length || only.includes('load')) await benchLoad();
  if (!only.length || only.includes('startup'))
    if (!printStartup(await benchStartup(numberOption('starts', 20)))) process.exitCode = 1;
  if (only.includes('soak') && !printSoak(await benchSoak(numberOption('minutes', 30))))
    process.exitCode = 1;
  if (only.includes('abuse') && !printAbuse(await benchAbuse(numberOption('minutes', 10))))
    process.exitCode = 1;
  if (
    only.includes('web') &&
    !printWeb(
      await benchWeb(
        numberOption('runs', 3),
        listOption('pages'),
        optionalNumberOption('cpu-slowdown'),
      ),
      process.argv.includes('--resources'),
    )
  )
    process.exitCode = 1;
}

/** --name=a,b from the command line, else undefined (all). */
function listOption(name: string): string[] | undefined {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return given === undefined ? undefined : given.split(',').filter(Boolean);
}

/** --name=N from the command line, else undefined. */
function optionalNumberOption(name: string): number | undefined {
  return process.argv.some((arg) => arg.startsWith(`--${name}=`))
    ? numberOption(name, NaN)
    : undefined;
}

/** --name=N from the command line, else the default. */
function numberOption(name: string, fallback: number): number {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const value = Number(given ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

async function runReports(only: string[]) {
  if (only.length && !only.includes('report')) return;
  const named = (['sqlite', 'postgres'] as const).filter((kind) => only.includes(kind));
  await runReportBench(named.length ? named : ['sqlite', 'postgres']);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
