import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpClient } from '../test/support/http-client.ts';
import { freePort, startNode } from '../test/support/node-process.ts';
import { makePdf } from '../test/support/pdf.ts';
import {
  createDraft,
  expectOk,
  flowsPath,
  sendRemoteFlow,
} from '../test/support/remote-signing.ts';
import { categories, runLighthouse, type Category, type LighthouseRun } from './web-lighthouse.ts';

/*
 * `npm run bench -- web` (--runs=N, default 3): builds the web app as `npm start` does, serves
 * it from one server process (the demo profile, SQLite) and loads each page cold in a real
 * Chromium under Lighthouse's mobile profile: what the first load transfers and the four
 * Lighthouse scores, beside the goals. Each page is run N times; the run with the median
 * performance score is shown. Signed-in pages get the session cookie of a sender with a
 * list of flows; the signer's page is a personal link of a sent flow, opened before the
 * signer has identified (as it opens from the mail).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const lighthouseVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Goals of issue 15: transferred bytes per page, and the least score per category. */
export const scoreGoals: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

interface WebPage {
  name: string;
  path: string;
  signedIn: boolean;
  goalBytes: number;
}

export interface WebRow extends WebPage, LighthouseRun {
  runs: number;
  /** The simulated processor's slowdown when not the profile's own 4×. */
  cpuSlowdown?: number;
  performanceRange: [number, number];
}

/** A sender with a list of flows to show, one draft to edit and a signer's personal link. */
export async function seed(url: string) {
  const sender = new HttpClient(url);
  await sender.login('user@example.com', 'user-demo');
  const signer = (n: number) => ({ Name: `Allekirjoittaja ${n}`, Email: `signer${n}@example.com` });
  for (let n = 1; n <= 12; n += 1) {
    const options = { name: `Sopimus ${n}`, signers: [signer(n), signer(n + 1)] };
    if (n % 3 === 0) await createDraft(sender, options);
    else await sendRemoteFlow(sender, options);
  }
  const draft = await createDraft(sender, { name: 'Vuokrasopimus', signers: [signer(1)] });
  expectOk(await sender.upload(`${flowsPath}/${draft}/signfile`, 'vuokrasopimus.pdf', makePdf()));
  const sent = await sendRemoteFlow(sender, { name: 'Kauppakirja', signers: [signer(7)] });
  const detail = expectOk(await sender.get(`${flowsPath}/${sent}`)).json<{
    Signers: Array<{ Guid: string }>;
  }>();
  const link = expectOk(
    await sender.get(`${flowsPath}/${sent}/${detail.Signers[0]?.Guid ?? ''}/signingurl`),
  ).text();
  const pages: WebPage[] = [
    { name: 'front page (signed out)', path: '/', signedIn: false, goalBytes: 250_000 },
    { name: 'login', path: '/login', signedIn: false, goalBytes: 250_000 },
    { name: 'list', path: '/', signedIn: true, goalBytes: 350_000 },
    { name: 'edit', path: `/esign/edit/${draft}`, signedIn: true, goalBytes: 350_000 },
    { name: 'signer', path: new URL(link).pathname, signedIn: false, goalBytes: 250_000 },
  ];
  return { pages, cookies: Object.fromEntries(sender.cookies) };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): tried up to 3 times. */
async function runWithRetries(
  url: string,
  cookies: Record<string, string>,
  cpuSlowdown: number | undefined,
) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, cookies, cpuSlowdown);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`Lighthouse run ${attempt} failed, again: ${String(error)}`);
    }
  }
}

export async function benchWeb(
  runs: number,
  only?: string[],
  cpuSlowdown?: number,
): Promise<WebRow[]> {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the web app build failed');
  const dataDir = await mkdtemp(join(tmpdir(), 'esign-web-'));
  const port = await freePort();
  const node = await startNode(
    'web',
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(root, 'packages/web/dist'),
      PUBLIC_URL: `http://127.0.0.1:${port}/`,
    },
    { port },
  );
  try {
    const { pages, cookies } = await seed(node.url);
    const rows: WebRow[] = [];
    for (const page of pages) {
      if (only !== undefined && !only.some((name) => page.name.startsWith(name))) continue;
      const results: LighthouseRun[] = [];
      for (let run = 0; run < runs; run += 1)
        results.push(
          await runWithRetries(
            `${node.url}${page.path}`,
            page.signedIn ? cookies : {},
            cpuSlowdown,
          ),
        );
      const byScore = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
      const median = byScore[Math.floor(byScore.length / 2)] ?? byScore[0];
      if (!median) throw new Error(`no Lighthouse run of ${page.name}`);
      rows.push({
        ...page,
        ...median,
        runs,
        ...(cpuSlowdown === undefined ? {} : { cpuSlowdown }),
        performanceRange: [
          byScore[0]?.scores.performance ?? NaN,
          byScore.at(-1)?.scores.performance ?? NaN,
        ],
      });
    }
    return rows;
  } finally {
    await node.stop(15_000);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse's own threshold for warning of a slow host (core/gather/driver/environment.js). */
const slowHostIndex = 1000;

const kB = (bytes: number) => (bytes / 1000).toFixed(0);
const mark = (met: boolean) => (met ? '✓' : '✗');

/** The table of the README's Performance section; answers whether every goal was met. */
export function printWeb(rows: WebRow[], showResources = false): boolean {
  const runs = rows[0]?.runs ?? 0;
  const slowdown = rows[0]?.cpuSlowdown;
  const profile =
    slowdown === undefined ? 'mobile profile' : `mobile profile, processor ${slowdown}× slower`;
  console.log(
    `\nFirst load of each page, cold (Lighthouse ${lighthouseVersion}, ${profile}, median of ${runs} run${runs === 1 ? '' : 's'} by performance)`,
  );
  console.log(
    '| page | transferred (kB) | goal (kB) | performance (range) | accessibility | best practices | SEO | FCP (s) | LCP (s) | TBT (ms) | CLS | host CPU index |',
  );
  console.log(
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  let met = true;
  for (const row of rows) {
    const bytesMet = row.transferredBytes < row.goalBytes;
    const score = (id: Category) => {
      const ok = row.scores[id] >= scoreGoals[id];
      met &&= ok;
      return `${row.scores[id]} ${mark(ok)}`;
    };
    met &&= bytesMet;
    const [low, high] = row.performanceRange;
    console.log(
      `| ${row.name} | ${kB(row.transferredBytes)} ${mark(bytesMet)} | ${kB(row.goalBytes)} | ${score('performance')} (${low}–${high}) | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${(row.fcpMs / 1000).toFixed(1)} | ${(row.lcpMs / 1000).toFixed(1)} | ${row.tbtMs.toFixed(0)} | ${row.cls.toFixed(3)} | ${row.benchmarkIndex} |`,
    );
  }
  if (rows.some((row) => row.benchmarkIndex < slowHostIndex))
    console.log(
      `host CPU index under ${slowHostIndex}: the processor was slower than Lighthouse's 4× slowdown assumes (a loaded or small host), so the performance scores understate the mobile profile`,
    );
  console.log(
    `goals: ${categories.map((id) => `${id} ≥ ${scoreGoals[id]}`).join(', ')}; transferred under the goal`,
  );
  for (const row of rows) {
    if (row.failedAudits.length) console.log(`${row.name}: failed ${row.failedAudits.join(', ')}`);
    if (showResources) {
      for (const resource of row.resources)
        console.log(`  ${row.name}: ${kB(resource.bytes).padStart(5)} kB ${resource.url}`);
      for (const { work, ms } of row.mainThread)
        console.log(`  ${row.name}: ${ms.toFixed(0).padStart(5)} ms main thread: ${work}`);
      for (const { url, ms } of row.scripts)
        console.log(`  ${row.name}: ${ms.toFixed(0).padStart(5)} ms script: ${url}`);
      for (const { url, startMs, ms } of row.longTasks)
        console.log(
          `  ${row.name}: ${ms.toFixed(0).padStart(5)} ms long task at ${startMs.toFixed(0)} ms: ${url}`,
        );
    }
  }
  return met;
}
