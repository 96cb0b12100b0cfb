import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient, type HttpResponse } from '../test/support/http-client.ts';
import { startNode, type NodeProcess } from '../test/support/node-process.ts';
import { makePdf } from '../test/support/pdf.ts';
import { flowsPath } from '../test/support/remote-signing.ts';
import { createWebDist } from '../test/support/test-app.ts';

/*
 * `npm run bench -- soak` (--minutes=N, default 30): one server process on SQLite, run as
 * production runs it, under a mix of what senders do — list and search, create, upload,
 * read, send, copy and delete flows — in bursts with idle pauses between them, while the
 * process collects garbage far more often than usual (a tiny young generation, and a full
 * collection from a timer every 200 ms). Statements that the SQLite driver finalizes during
 * such collections are what aborted the process on Node 24 with better-sqlite3 12. The bench
 * fails when the process ends by itself or any request does not succeed.
 */

const signers = [
  { Name: 'Kestotesti Yksi', Email: 'kesto.yksi@example.com' },
  { Name: 'Kestotesti Kaksi', Email: 'kesto.kaksi@example.com' },
];
const sorts = ['Name', 'Status', 'CreationDate', 'LastModifiedDate', 'AutoDeleteDate'];

export interface SoakResult {
  minutes: number;
  requests: number;
  byOperation: Record<string, number>;
  serverErrors: string[];
  exitStatus: ReturnType<NodeProcess['exitStatus']>;
  rssStartMb: number;
  rssEndMb: number;
  output: string;
}

function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

export async function benchSoak(minutes: number): Promise<SoakResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'esign-soak-'));
  const gcTimer = join(dataDir, 'gc-timer.mjs');
  writeFileSync(gcTimer, 'setInterval(() => globalThis.gc(), 200).unref();\n');
  const node = await startNode(
    'soak',
    { DATA_DIR: dataDir, WEB_DIST_DIR: createWebDist(), LOG_LEVEL: 'warn' },
    { nodeArgs: ['--expose-gc', '--max-semi-space-size=1', '--import', gcTimer] },
  );
  const byOperation: Record<string, number> = {};
  const serverErrors: string[] = [];
  let requests = 0;
  const deadline = Date.now() + minutes * 60_000;
  const rssStartMb = residentMb(node.pid);

  const call = async (operation: string, request: () => Promise<HttpResponse>) => {
    requests += 1;
    byOperation[operation] = (byOperation[operation] ?? 0) + 1;
    const response = await request();
    // Every request of the mix is a valid one: anything but success (204 for a delete) fails.
    if (response.status !== (operation === 'delete' ? 204 : 200))
      serverErrors.push(`${operation}: ${response.status} ${response.text().slice(0, 200)}`);
    return response.status === 200 ? response : undefined;
  };

  const sender = async (index: number) => {
    const browser = new HttpClient(node.url);
    await browser.login(
      index % 2 ? 'user@example.com' : 'user2@example.com',
      index % 2 ? 'user-demo' : 'user2-demo',
    );
    for (let round = 0; Date.now() < deadline && node.isRunning(); round += 1) {
      const sort = sorts[round % sorts.length];
      await call('list', () => browser.get(`${flowsPath}?page=1&pageSize=20&sort=${sort}`, {}));
      await call('search', () =>
        browser.get(`${flowsPath}?q=kesto%20${round % 7}&page=1&pageSize=20`, {}),
      );
      const draft = (name: string, copyFrom: string | null = null) => ({
        Name: name,
        Note: null,
        SignatureProcess: round % 2 ? 'Concurrent' : 'Sequential',
        MinimumSignatureLevel: 'Low',
        ReminderIntervalInDays: null,
        InspectorEmail: null,
        Language: 'fi',
        Signers: signers,
        CopyFromGuid: copyFrom,
      });
      const saved = await call('create', () =>
        browser.post(flowsPath, draft(`kesto ${index}-${round}`)),
      );
      const id = saved?.json<{ Guid: string }>().Guid;
      if (id) {
        await call('upload', () =>
          browser.upload(`${flowsPath}/${id}/signfile`, 'kesto.pdf', makePdf(`Kesto ${round}`)),
        );
        await call('read', () => browser.get(`${flowsPath}/${id}`, {}));
        if (round % 3 === 0) await call('send', () => browser.post(`${flowsPath}/${id}/send`));
        else if (round % 3 === 1)
          await call('copy', () => browser.post(flowsPath, draft(`kopio ${index}-${round}`, id)));
        else await call('delete', () => browser.delete(`${flowsPath}/${id}`));
      }
      await call('health', () => browser.get('/readyz', {}));
      // Bursts and idle pauses: collections also run while nothing is being asked.
      if (round % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
  };

  await Promise.all(
    [0, 1, 2].map((index) =>
      sender(index).catch((error: unknown) => {
        serverErrors.push(`sender ${index}: ${(error as Error).message}`);
      }),
    ),
  );
  const rssEndMb = residentMb(node.pid);
  const stillRunning = node.isRunning();
  await node.stop(15_000);
  await rm(dataDir, { recursive: true, force: true });
  return {
    minutes,
    requests,
    byOperation,
    serverErrors,
    exitStatus: stillRunning ? null : node.exitStatus(),
    rssStartMb,
    rssEndMb,
    output: node.output().slice(-4_000),
  };
}

export function printSoak(result: SoakResult): boolean {
  const aborted = result.exitStatus !== null;
  console.log(
    `\nSoak: ${result.minutes} min of mixed requests on SQLite with a collection every 200 ms`,
  );
  console.log(
    '| requests | failed | process ended by itself | resident at start (MiB) | resident at end (MiB) |',
  );
  console.log('| ---: | ---: | --- | ---: | ---: |');
  console.log(
    `| ${result.requests} | ${result.serverErrors.length} | ${aborted ? `yes: ${result.exitStatus?.code ?? result.exitStatus?.signal}` : 'no'} | ${result.rssStartMb.toFixed(0)} | ${result.rssEndMb.toFixed(0)} |`,
  );
  console.log(
    `by operation: ${JSON.stringify(result.byOperation)} (goal: no failed request, no abort)`,
  );
  for (const error of result.serverErrors.slice(0, 10)) console.log(`  ${error}`);
  if (aborted) console.log(result.output);
  return !aborted && result.serverErrors.length === 0;
}
