import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNode } from '../test/support/node-process.ts';
import { createWebDist } from '../test/support/test-app.ts';

/*
 * `npm run bench -- startup`: how long a server process takes from its spawn until /readyz
 * answers 200, and its resident memory once started, run from the TypeScript sources by
 * tsx (how production started before) and by Node's own type stripping (how it starts
 * now), taking turns in the same run on the same data directory. Every start is stopped
 * with SIGTERM and must exit 0: an abort (SIGABRT, SIGSEGV) is counted and fails the bench.
 */

export interface StartupRow {
  runtime: string;
  starts: number;
  readyP50: number;
  readyMax: number;
  rssP50: number;
  failures: string[];
}

const runtimes = [
  { runtime: 'tsx (before)', nodeArgs: ['--import', 'tsx'] },
  { runtime: 'node type stripping (now)', nodeArgs: [] },
] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** The process's resident memory now, from the kernel (VmRSS), in MiB. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kb / 1024;
}

export async function benchStartup(starts: number): Promise<StartupRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'esign-startup-'));
  const env = { DATA_DIR: dataDir, WEB_DIST_DIR: createWebDist(), LOG_LEVEL: 'warn' };
  const samples = runtimes.map((entry) => ({
    ...entry,
    ready: [] as number[],
    rss: [] as number[],
    failures: [] as string[],
  }));
  try {
    // The first start creates the database, its migrations and the portal PKI: not counted.
    await (await startNode('warm-up', env)).stop(15_000);
    for (let round = 0; round < starts; round += 1) {
      for (const sample of samples) {
        const { runtime, nodeArgs } = sample;
        const started = performance.now();
        const node = await startNode(runtime, env, { nodeArgs: [...nodeArgs], pollMs: 10 });
        sample.ready.push(performance.now() - started);
        // Memory once the start-up's garbage has had a moment to be collected.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        sample.rss.push(residentMb(node.pid));
        await node.stop(15_000);
        const status = node.exitStatus();
        if (status?.code !== 0)
          sample.failures.push(
            `start ${round + 1}: exit ${status?.code ?? status?.signal}\n${node.output().slice(-2_000)}`,
          );
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return samples.map(({ runtime, ready, rss, failures }) => {
    return {
      runtime,
      starts,
      readyP50: median(ready),
      readyMax: Math.max(...ready),
      rssP50: median(rss),
      failures,
    };
  });
}

export function printStartup(rows: StartupRow[]): boolean {
  console.log(
    `\nStart-up of one server process (SQLite), ${rows[0]?.starts ?? 0} starts each, taking turns`,
  );
  console.log(
    '| runtime | starts | ready p50 (ms) | ready max (ms) | resident p50 (MiB) | bad exits |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows)
    console.log(
      `| ${row.runtime} | ${row.starts} | ${row.readyP50.toFixed(0)} | ${row.readyMax.toFixed(0)} | ${row.rssP50.toFixed(0)} | ${row.failures.length} |`,
    );
  const [before, now] = rows;
  if (before && now) {
    console.log(
      `now / before: ready ${(now.readyP50 / before.readyP50).toFixed(2)} (goal: under 0.75), resident ${(now.rssP50 / before.rssP50).toFixed(2)} (goal: under 0.95)`,
    );
  }
  for (const row of rows)
    for (const failure of row.failures) console.log(`${row.runtime}: ${failure}`);
  return rows.every((row) => row.failures.length === 0);
}
