import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiPaths } from '@esign/contract';
import { sql } from 'kysely';
import { issueCsrfToken } from '../src/auth/csrf.ts';
import { hashSessionToken, startSession } from '../src/auth/session.service.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createPostgresSchema, type PostgresSchema } from '../test/support/backends.ts';
import { testDatabaseUrl } from '../test/support/databases.ts';
import { freePort, startNode, type NodeProcess } from '../test/support/node-process.ts';
import { makePdf } from '../test/support/pdf.ts';
import { createWebDist } from '../test/support/test-app.ts';
import { seedFlows } from './list-bench.ts';

/*
 * The load benchmark (`npm run bench -- load`, or this file on its own): real server
 * processes on PostgreSQL, driven by autocannon with a mix of what senders do — list their
 * flows, create a flow, upload its PDF, send it — first against one node, then against two
 * nodes sharing the database and the file store.
 */

// autocannon ships no types: describe the little of it used here.
interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (request: CannonRequest, context: CannonContext) => CannonRequest | null;
  onResponse?: (status: number, body: string, context: CannonContext) => void;
}
interface CannonContext {
  flowId?: string;
  uploaded?: boolean;
}
interface CannonClient extends EventEmitter {
  setRequests(requests: CannonRequest[]): void;
}
interface CannonOptions {
  url: string | string[];
  connections: number;
  duration: number;
  timeout: number;
  setupClient: (client: CannonClient) => void;
}
interface CannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  resets: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface CannonInstance extends EventEmitter {
  stop(): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: CannonOptions,
  done: (error: Error | null, result: CannonResult) => void,
) => CannonInstance;

export interface LoadOptions {
  /** How long each measured run lasts (LOAD_SECONDS, --seconds; default 60). */
  seconds: number;
  /** Concurrent connections in each run, split evenly over the nodes (LOAD_CONNECTIONS; 200). */
  connections: number;
  /** A run at the same load before each measured one, unmeasured (LOAD_WARMUP_SECONDS; 5). */
  warmupSeconds: number;
  /** Seeded senders; connection i acts as user i mod users, each with a session of its own. */
  users: number;
  /** Flows each user already has before the run (in every state). */
  flowsPerUser: number;
}

const bounds = {
  seconds: [1, 600],
  connections: [1, 1000],
  warmupSeconds: [0, 60],
  users: [1, 200],
  flowsPerUser: [0, 20_000],
} as const;

/** The options from --name=value arguments, then LOAD_* variables, then the defaults; bounded. */
export function loadOptionsFrom(
  argv: string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): LoadOptions {
  const pick = (arg: string, variable: string, fallback: number, [min, max]: readonly number[]) => {
    const given = argv.find((item) => item.startsWith(`--${arg}=`))?.split('=')[1] ?? env[variable];
    const value = given === undefined || given === '' ? fallback : Number(given);
    if (!Number.isInteger(value) || value < (min ?? 0) || value > (max ?? 0)) {
      throw new Error(`${variable} (--${arg}) must be a whole number from ${min} to ${max}`);
    }
    return value;
  };
  return {
    seconds: pick('seconds', 'LOAD_SECONDS', 60, bounds.seconds),
    connections: pick('connections', 'LOAD_CONNECTIONS', 200, bounds.connections),
    warmupSeconds: pick('warmup', 'LOAD_WARMUP_SECONDS', 5, bounds.warmupSeconds),
    users: pick('users', 'LOAD_USERS', 20, bounds.users),
    flowsPerUser: pick('flows', 'LOAD_FLOWS_PER_USER', 500, bounds.flowsPerUser),
  };
}

type Kind = 'list' | 'create' | 'upload' | 'send';
const kinds: Kind[] = ['list', 'create', 'upload', 'send'];

/** What one simulated sender does, over and over, on one connection. */
const listQueries = [
  // The list as the web app first asks for it (all flows, last changed first, 20 rows).
  'status=all&sort=LastModifiedDate&order=desc&page=1&pageSize=20',
  // The "sent" view, a search, the next page.
  'status=Sent&sort=LastModifiedDate&order=desc&page=1&pageSize=20',
  'q=sopimus&status=all&sort=LastModifiedDate&order=desc&page=1&pageSize=20',
  'status=all&sort=LastModifiedDate&order=desc&page=2&pageSize=20',
];
export const mixDescription =
  'per loop of one connection (one signed-in sender): list (first page) → create a draft with one signer → upload a one-page PDF → send it → list the "sent" view → search → next page; 4 lists and 3 writes per loop';

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadRunResult {
  nodes: number;
  connections: number;
  seconds: number;
  responses: number;
  throughput: number;
  perCore: number;
  overall: LatencySummary;
  byKind: Record<Kind, LatencySummary & { non2xx: number }>;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Loops cut short because an earlier step failed (nothing to upload to or send). */
  resets: number;
  statusCodes: Record<string, number>;
  failures: string[];
  /** Share of the machine's CPU time that was busy, and what the nodes and the load generator used (in cores). */
  cpu: { machineBusy: number; nodesCores: number; postgresCores: number; generatorCores: number };
  /** Due jobs (invitation mail) still queued when the run ended. */
  jobBacklog: number;
}

function summarise(samples: number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const at = (share: number) =>
    sorted.length
      ? (sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0)
      : 0;
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.length ? (sorted[sorted.length - 1] ?? 0) : 0,
  };
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
function machineTicks() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/** CPU seconds used by every PostgreSQL process on this machine (the server and its backends). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        total += processCpuSeconds(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Sender {
  cookie: string;
  xsrf: string;
}

/** Sessions made directly in the database, and the XSRF token the server would have issued for each. */
async function createSenders(
  database: DatabaseHandle,
  userIds: string[],
  count: number,
  sessionSecret: string,
): Promise<Sender[]> {
  const senders: Sender[] = [];
  for (let index = 0; index < count; index += 1) {
    const userId = userIds[index % userIds.length] ?? '';
    const token = await startSession(
      database.db,
      { userId, loginMethod: 'oidc', ip: null, userAgent: 'load-bench' },
      { idleMs: 3_600_000, absoluteMs: 3_600_000 },
      new Date(),
    );
    const xsrf = issueCsrfToken(sessionSecret, `s:${hashSessionToken(token)}`);
    senders.push({ cookie: `esign_session=${token}; XSRF-TOKEN=${xsrf}`, xsrf });
  }
  return senders;
}

const boundary = 'loadbenchboundary';
const uploadBody = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sopimus.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  makePdf('Kuormitustesti'),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

interface Recorder {
  samples: Record<Kind, number[]>;
  non2xx: Record<Kind, number>;
  failures: string[];
  recording: boolean;
}

/** The requests of one connection: its sender's cookies, a fresh flow each loop. */
function requestsFor(sender: Sender, recorder: Recorder, client: CannonClient): CannonRequest[] {
  let answered: Kind = 'list';
  let flowNumber = 0;
  const headers = { cookie: sender.cookie };
  const unsafe = { ...headers, 'x-xsrf-token': sender.xsrf };
  const onResponse =
    (kind: Kind, then?: (body: string, context: CannonContext) => void) =>
    (status: number, body: string, context: CannonContext) => {
      answered = kind;
      if (status >= 200 && status < 300) {
        then?.(body, context);
        return;
      }
      if (!recorder.recording) return;
      recorder.non2xx[kind] += 1;
      if (recorder.failures.length < 10) {
        recorder.failures.push(`${kind} ${status}: ${body.slice(0, 300)}`);
      }
    };
  client.on('response', (_status: number, _bytes: number, milliseconds: number) => {
    if (recorder.recording) recorder.samples[answered].push(milliseconds);
  });
  const list = (query: string): CannonRequest => ({
    method: 'GET',
    path: `${apiPaths.signFlows}?${query}`,
    headers,
    onResponse: onResponse('list'),
  });
  const [first = '', ...others] = listQueries;
  return [
    list(first),
    {
      method: 'POST',
      path: apiPaths.signFlows,
      headers: { ...unsafe, 'content-type': 'application/json' },
      setupRequest: (request) => {
        flowNumber += 1;
        return {
          ...request,
          body: JSON.stringify({
            Name: `Kuormitustesti sopimus ${flowNumber}`,
            Note: 'Allekirjoita perjantaihin mennessä',
            SignatureProcess: 'Concurrent',
            MinimumSignatureLevel: 'Low',
            Language: 'fi',
            Signers: [
              {
                Name: 'Sanna Signer',
                Email: `signer.${randomBytes(4).toString('hex')}@example.com`,
              },
            ],
          }),
        };
      },
      onResponse: onResponse('create', (body, context) => {
        context.flowId = (JSON.parse(body) as { Guid?: string }).Guid;
      }),
    },
    {
      method: 'POST',
      headers: { ...unsafe, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: uploadBody,
      setupRequest: (request, context) =>
        context.flowId
          ? { ...request, path: `${apiPaths.signFlows}/${context.flowId}/signfile` }
          : null,
      onResponse: onResponse('upload', (_body, context) => {
        context.uploaded = true;
      }),
    },
    {
      method: 'POST',
      headers: unsafe,
      setupRequest: (request, context) =>
        context.flowId && context.uploaded
          ? { ...request, path: `${apiPaths.signFlows}/${context.flowId}/send` }
          : null,
      onResponse: onResponse('send'),
    },
    ...others.map(list),
  ];
}

let interrupted = false;

/** One autocannon run over the given nodes (connections split evenly among them). */
async function drive(
  urls: string[],
  senders: Sender[],
  seconds: number,
  recorder: Recorder,
): Promise<CannonResult> {
  let next = 0;
  let instance: CannonInstance | undefined;
  // Ctrl-C ends the run at once and the benchmark after it, cleaning up as usual.
  const interrupt = () => {
    interrupted = true;
    instance?.stop();
  };
  process.once('SIGINT', interrupt);
  try {
    const result = await new Promise<CannonResult>((resolve, reject) => {
      instance = autocannon(
        {
          url: urls.length === 1 ? (urls[0] ?? '') : urls,
          connections: senders.length,
          duration: seconds,
          timeout: 10,
          setupClient: (client) => {
            const sender = senders[next % senders.length];
            next += 1;
            if (sender) client.setRequests(requestsFor(sender, recorder, client));
          },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    if (interrupted) throw new Error('interrupted');
    return result;
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
}

async function dueJobs(database: DatabaseHandle): Promise<number> {
  const row = await database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('failed_at', 'is', null)
    .where('run_at', '<=', new Date().toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Waits (at most timeoutMs) for the nodes to work off the queued jobs, so runs start alike. */
async function drainJobs(database: DatabaseHandle, timeoutMs = 180_000) {
  const started = Date.now();
  let due = await dueJobs(database);
  const before = due;
  while (due > 0 && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    due = await dueJobs(database);
  }
  if (before > 0) {
    console.error(
      `[load] ${before - due} queued jobs worked off in ${((Date.now() - started) / 1000).toFixed(0)} s${due ? `, ${due} left` : ''}`,
    );
  }
}

async function measure(
  nodes: NodeProcess[],
  senders: Sender[],
  options: LoadOptions,
  database: DatabaseHandle,
): Promise<LoadRunResult> {
  const urls = nodes.map((node) => node.url);
  const recorder: Recorder = {
    samples: { list: [], create: [], upload: [], send: [] },
    non2xx: { list: 0, create: 0, upload: 0, send: 0 },
    failures: [],
    recording: false,
  };
  if (options.warmupSeconds > 0) {
    await drive(urls, senders, options.warmupSeconds, recorder);
    await drainJobs(database);
  }
  recorder.recording = true;
  const ticksBefore = machineTicks();
  const nodesBefore = nodes.reduce((sum, node) => sum + processCpuSeconds(node.pid), 0);
  const postgresBefore = postgresCpuSeconds();
  const generatorBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await drive(urls, senders, options.seconds, recorder);
  const wallSeconds = (performance.now() - startedAt) / 1000;
  recorder.recording = false;
  const ticksAfter = machineTicks();
  const nodesAfter = nodes.reduce((sum, node) => sum + processCpuSeconds(node.pid), 0);
  const postgresAfter = postgresCpuSeconds();
  const generator = process.cpuUsage(generatorBefore);
  const jobBacklog = await dueJobs(database);

  const all = kinds.flatMap((kind) => recorder.samples[kind]);
  const byKind = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      { ...summarise(recorder.samples[kind]), non2xx: recorder.non2xx[kind] },
    ]),
  ) as LoadRunResult['byKind'];
  const throughput = all.length / result.duration;
  return {
    nodes: nodes.length,
    connections: senders.length,
    seconds: result.duration,
    responses: all.length,
    throughput,
    perCore: throughput / availableParallelism(),
    overall: summarise(all),
    byKind,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    resets: result.resets,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
    failures: recorder.failures,
    cpu: {
      machineBusy: (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total),
      nodesCores: (nodesAfter - nodesBefore) / wallSeconds,
      postgresCores: (postgresAfter - postgresBefore) / wallSeconds,
      generatorCores: (generator.user + generator.system) / 1e6 / wallSeconds,
    },
    jobBacklog,
  };
}

/**
 * Seeds a fresh PostgreSQL schema, starts one node and measures it, then a second node on
 * the same schema and the same DATA_DIR (the file store) and measures both; drops the
 * schema and the files at the end.
 */
export async function runLoadBench(options: LoadOptions = loadOptionsFrom()) {
  const log = (line: string) => console.error(`[load] ${line}`);
  const schema: PostgresSchema = await createPostgresSchema();
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-load-'));
  const webDist = createWebDist();
  const database = openDatabase({ databaseUrl: testDatabaseUrl, dataDir, schema: schema.schema });
  const nodes: NodeProcess[] = [];
  // Bounded: no run can hang past its own length plus generous start, drain and stop times.
  const limitMs = (2 * (options.seconds + options.warmupSeconds) + 900) * 1000;
  const watchdog = setTimeout(() => {
    console.error(`[load] gave up after ${limitMs / 1000} s`);
    for (const node of nodes) void node.kill();
    setTimeout(() => process.exit(1), 10_000).unref();
    void schema.dispose().finally(() => process.exit(1));
  }, limitMs);
  watchdog.unref();
  try {
    await migrateToLatest(database);
    log(`seeding ${options.users} users with ${options.flowsPerUser} flows each`);
    const userIds: string[] = [];
    for (let index = 0; index < options.users; index += 1) {
      userIds.push(
        await seedFlows(database.db, {
          count: options.flowsPerUser,
          email: `sender${index}@example.com`,
        }),
      );
    }
    await sql`analyze`.execute(database.db);
    const sessionSecret = randomBytes(32).toString('base64url');
    const senders = await createSenders(database, userIds, options.connections, sessionSecret);
    // What the nodes of one portal share (see README, "Running several nodes").
    const env = {
      NODE_ENV: 'production',
      BUILTIN_IDP: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: schema.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: sessionSecret,
      PKI_PASSPHRASE: randomBytes(16).toString('base64url'),
      PUBLIC_URL: 'http://esign.localhost:8080/',
      WEB_DIST_DIR: webDist,
    };
    const start = async (name: string) => {
      const node = await startNode(name, env, { port: await freePort(), readyTimeoutMs: 60_000 });
      nodes.push(node);
      return node;
    };
    const results: LoadRunResult[] = [];
    await start('a');
    for (const count of [1, 2]) {
      if (count === 2) await start('b');
      log(
        `${count} node(s): ${options.warmupSeconds} s warm-up, then ${options.seconds} s with ${options.connections} connections`,
      );
      const result = await measure(nodes.slice(0, count), senders, options, database);
      results.push(result);
      log(
        `${count} node(s): ${result.throughput.toFixed(0)} req/s, list p99 ${result.byKind.list.p99.toFixed(0)} ms, ${result.errors} errors, ${result.non2xx} non-2xx`,
      );
      await drainJobs(database);
    }
    for (const node of nodes) {
      if (!node.isRunning()) throw new Error(`${node.name} died:\n${node.output()}`);
    }
    return results;
  } finally {
    clearTimeout(watchdog);
    await Promise.all(nodes.map((node) => node.stop(15_000)));
    await database.close();
    await schema.dispose();
    await rm(dataDir, { recursive: true, force: true });
    await rm(webDist, { recursive: true, force: true });
  }
}

const ms = (value: number) => value.toFixed(0);

/** The results as markdown: the summary table, the goals, and the breakdown by request. */
export function formatLoadReport(results: LoadRunResult[], options: LoadOptions): string {
  const cores = availableParallelism();
  const lines = [
    `Load: ${options.connections} connections for ${options.seconds} s per run on PostgreSQL (${cores} cores shared by the nodes, PostgreSQL and the load generator)`,
    `Mix: ${mixDescription}`,
    '',
    '| nodes | requests | req/s | req/s per core | p50 ms | p95 ms | p99 ms | list p50 ms | list p95 ms | list p99 ms | errors | non-2xx | timeouts |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of results) {
    lines.push(
      `| ${run.nodes} | ${run.responses} | ${run.throughput.toFixed(0)} | ${run.perCore.toFixed(0)} | ${ms(run.overall.p50)} | ${ms(run.overall.p95)} | ${ms(run.overall.p99)} | ${ms(run.byKind.list.p50)} | ${ms(run.byKind.list.p95)} | ${ms(run.byKind.list.p99)} | ${run.errors} | ${run.non2xx} | ${run.timeouts} |`,
    );
  }
  const [one, two] = results;
  const ratio = one && two ? two.throughput / one.throughput : Number.NaN;
  lines.push('', `two nodes / one node throughput: ${ratio.toFixed(2)}×`);
  lines.push('', '| nodes | request | count | p50 ms | p95 ms | p99 ms | max ms | non-2xx |');
  lines.push('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const run of results) {
    for (const kind of kinds) {
      const stats = run.byKind[kind];
      lines.push(
        `| ${run.nodes} | ${kind} | ${stats.count} | ${ms(stats.p50)} | ${ms(stats.p95)} | ${ms(stats.p99)} | ${ms(stats.max)} | ${stats.non2xx} |`,
      );
    }
  }
  lines.push('');
  for (const run of results) {
    lines.push(
      `${run.nodes} node(s): machine CPU ${(run.cpu.machineBusy * 100).toFixed(0)} % busy; nodes used ${run.cpu.nodesCores.toFixed(2)} cores, PostgreSQL ${run.cpu.postgresCores.toFixed(2)}, the load generator ${run.cpu.generatorCores.toFixed(2)}; status codes ${JSON.stringify(run.statusCodes)}; loops cut short ${run.resets}; due jobs left ${run.jobBacklog}`,
    );
    for (const failure of run.failures) lines.push(`  failed: ${failure}`);
  }
  const errorsTotal = results.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
  const listP99 = one?.byKind.list.p99 ?? Number.NaN;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  lines.push(
    '',
    `goal zero errors: ${verdict(errorsTotal === 0)} (${errorsTotal} errors and non-2xx)`,
    `goal list p99 under 250 ms on one node: ${verdict(listP99 < 250)} (${ms(listP99)} ms)`,
    `goal two nodes at least 1.7× one node: ${verdict(ratio >= 1.7)} (${ratio.toFixed(2)}×)`,
  );
  return lines.join('\n');
}

/** Runs the benchmark and prints its report; the exit code says whether requests failed. */
export async function benchLoad(options: LoadOptions = loadOptionsFrom()) {
  const results = await runLoadBench(options);
  console.log(`\n${formatLoadReport(results, options)}`);
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchLoad().then(
    (results) => {
      const failed = results.some((run) => run.errors + run.non2xx > 0);
      process.exit(failed ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
