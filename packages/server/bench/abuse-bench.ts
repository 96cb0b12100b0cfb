import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpClient } from '../test/support/http-client.ts';
import { freePort, inheritedEnvironment } from '../test/support/node-process.ts';
import { makePdf } from '../test/support/pdf.ts';
import { flowsPath } from '../test/support/remote-signing.ts';
import { createWebDist } from '../test/support/test-app.ts';
import { sendUnfinished } from '../test/support/unfinished-request.ts';
import type { AbuseServerAnswer, AbuseServerRequest, TableCounts } from './abuse-server.ts';

/*
 * `npm run bench -- abuse` (--minutes=N, default 10): what one anonymous client on one
 * address can make the portal keep. A server process (demo profile, SQLite, 127.0.0.1 only)
 * takes, for the given minutes and as fast as it answers: login starts abandoned at the form,
 * e-mail code requests on twelve signing links, wrong passwords to one account long after it
 * is locked, and multipart floods (text fields ahead of the file, declared sizes over the
 * limit). Then the server's clock is moved a day on and the housekeeping job runs, as it would
 * by then. Row counts and the server's memory before the run, after it and after the purge
 * show whether anything is left behind. Nothing is sent anywhere but 127.0.0.1.
 */

const day = 24 * 3_600_000;
const signerCount = 12;
const serverScript = fileURLToPath(new URL('./abuse-server.ts', import.meta.url));

interface Memory {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}
export interface AbuseResult {
  minutes: number;
  traffic: Array<{ kind: string; requests: number; statuses: Record<string, number> }>;
  counts: { before: TableCounts; afterRun: TableCounts; afterPurge: TableCounts };
  memory: { before: Memory; afterRun: Memory; afterPurge: Memory };
  /** The server's highest resident memory (MiB) in each minute of the run. */
  residentByMinute: number[];
}

function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
  } catch {
    return 0;
  }
}

/** The portal in a child process that answers the bench's questions over IPC. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const child = fork(serverScript, [], {
    execArgv: ['--expose-gc'],
    env: {
      ...inheritedEnvironment(),
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}/`,
      WEB_DIST_DIR: createWebDist(),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends AbuseServerAnswer['type']>(type: T) =>
    new Promise<Extract<AbuseServerAnswer, { type: T }>>((resolve, reject) => {
      const onMessage = (message: AbuseServerAnswer) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<AbuseServerAnswer, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
  const ask = <T extends AbuseServerAnswer['type']>(request: AbuseServerRequest, type: T) => {
    const answer = next(type);
    child.send(request);
    return answer;
  };
  const { url } = await next('ready');
  return {
    url,
    pid: child.pid ?? -1,
    counts: async () => (await ask({ type: 'counts' }, 'counts')).counts,
    memory: async (): Promise<Memory> => {
      const { rssMb, heapUsedMb, heapTotalMb, externalMb } = await ask(
        { type: 'memory' },
        'memory',
      );
      return { rssMb, heapUsedMb, heapTotalMb, externalMb };
    },
    purge: (advanceMs: number) => ask({ type: 'purge', advanceMs }, 'purged'),
    stop: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.disconnect();
      }),
  };
}

const pathOf = (location: string | null) => {
  const url = new URL(location ?? '/', 'http://portal.invalid');
  return `${url.pathname}${url.search}`;
};

/** Counts each kind's answers by status; a client error (a socket the server closed) is 'closed'. */
function tally() {
  const traffic = new Map<string, { requests: number; statuses: Record<string, number> }>();
  return {
    count(kind: string, status: number | 'closed') {
      const entry = traffic.get(kind) ?? { requests: 0, statuses: {} };
      entry.requests += 1;
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      traffic.set(kind, entry);
    },
    rows: () => [...traffic].map(([kind, entry]) => ({ kind, ...entry })),
  };
}

/** A sender with a sent flow of twelve Low signers; answers the sender and the signing links. */
async function prepareFlow(url: string) {
  const sender = new HttpClient(url);
  await sender.login('user@example.com', 'user-demo');
  const signers = Array.from({ length: signerCount }, (_, index) => ({
    Name: `Kuormitus ${index}`,
    Email: `kuormitus.${index}@example.com`,
  }));
  const saved = await sender.post(flowsPath, {
    Name: 'Kuormitustesti',
    SignatureProcess: 'Concurrent',
    MinimumSignatureLevel: 'Low',
    Language: 'fi',
    Signers: signers,
  });
  const id = saved.json<{ Guid: string }>().Guid;
  await sender.upload(`${flowsPath}/${id}/signfile`, 'sopimus.pdf', makePdf('Kuorma'));
  const sent = await sender.post(`${flowsPath}/${id}/send`);
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text()}`);
  const draft = await sender.post(flowsPath, { Name: 'Tulvakohde' });
  const draftId = draft.json<{ Guid: string }>().Guid;
  for (let wait = 0; wait < 100; wait += 1) {
    const mail = (await sender.get('/api/dev/mail')).json<Array<{ Links: string[] }>>();
    const tokens = mail
      .flatMap((message) => message.Links)
      .map((link) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(link)?.[1])
      .filter((token): token is string => token !== undefined);
    if (tokens.length >= signerCount)
      return { sender, tokens, uploadPath: `${flowsPath}/${draftId}/signfile` };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the invitations were not mailed');
}

export async function benchAbuse(minutes: number): Promise<AbuseResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'esign-abuse-'));
  const server = await startServer(dataDir);
  try {
    const { sender, tokens, uploadPath } = await prepareFlow(server.url);
    const before = { counts: await server.counts(), memory: await server.memory() };
    const counter = tally();
    const started = Date.now();
    const deadline = started + minutes * 60_000;
    // The server's resident memory during the run: the highest reading of each minute.
    const residentByMinute: number[] = [];
    const sampler = setInterval(() => {
      const minute = Math.floor((Date.now() - started) / 60_000);
      residentByMinute[minute] = Math.max(residentByMinute[minute] ?? 0, residentMb(server.pid));
    }, 1_000);
    const running = () => Date.now() < deadline;

    const loginStarts = async () => {
      while (running()) {
        const browser = new HttpClient(server.url);
        const start = await browser.get('/api/esign/Users/ExternalLogin');
        counter.count('anonymous login starts', start.status);
        if (start.status !== 303) continue;
        // The provider's authorization endpoint, where the login form's interaction is made.
        const authorize = await browser.get(pathOf(start.headers.get('location')));
        counter.count('anonymous login starts', authorize.status);
      }
    };
    const codeRequests = async () => {
      const browsers = tokens.map((token) => ({ token, browser: new HttpClient(server.url) }));
      for (const { browser } of browsers) await browser.get('/api/esign/users/current');
      for (let round = 0; running(); round += 1) {
        const { token, browser } = browsers[round % browsers.length] ?? {
          token: '',
          browser: sender,
        };
        counter.count('code requests', (await browser.post(`/api/sign/${token}/code`)).status);
      }
    };
    const throttledLogins = async () => {
      while (running()) {
        const browser = new HttpClient(server.url);
        const start = await browser.get('/api/esign/Users/ExternalLogin');
        const form = await browser.get(pathOf(start.headers.get('location')));
        const interaction = pathOf(form.headers.get('location'));
        if (!interaction.startsWith('/idp-login/')) {
          await new Promise((resolve) => setTimeout(resolve, 1_000)); // login starts limited
          continue;
        }
        // One form, wrong passwords to one account for as long as the form lives.
        for (let attempt = 0; running(); attempt += 1) {
          const tried = await browser.post(`${interaction}/login`, {
            email: 'admin@example.com',
            password: `arvaus-${attempt}`,
          });
          counter.count('wrong passwords', tried.status);
          if (tried.status === 400) break; // the interaction expired: a new form
        }
      }
    };
    const multipartFloods = async () => {
      const cookie = [...sender.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const headers = (extra: Record<string, string>) => ({
        cookie,
        'x-xsrf-token': sender.cookies.get('XSRF-TOKEN') ?? '',
        'content-type': 'multipart/form-data; boundary=----tulva',
        ...extra,
      });
      const field = (index: number) =>
        Buffer.from(`------tulva\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n`);
      for (let round = 0; running(); round += 1) {
        // Alternately: 1 MiB text fields ahead of the file, and a declared size of 1 GiB.
        const fieldsFirst = round % 2 === 0;
        const answer = await sendUnfinished(`${server.url}${uploadPath}`, {
          headers: headers(
            fieldsFirst
              ? { 'transfer-encoding': 'chunked' }
              : { 'content-length': String(2 ** 30) },
          ),
          chunks: fieldsFirst ? [field(0), Buffer.alloc(1024 * 1024, 'x'), field(1)] : [field(0)],
          waitMs: 5_000,
        }).catch(() => null);
        counter.count(
          fieldsFirst ? 'multipart: fields before the file' : 'multipart: declared 1 GiB',
          answer?.status ?? 'closed',
        );
      }
    };
    await Promise.all([
      loginStarts(),
      loginStarts(),
      codeRequests(),
      throttledLogins(),
      multipartFloods(),
      multipartFloods(),
    ]);
    clearInterval(sampler);
    const afterRun = { counts: await server.counts(), memory: await server.memory() };
    await server.purge(day);
    const afterPurge = { counts: await server.counts(), memory: await server.memory() };
    return {
      minutes,
      traffic: counter.rows(),
      counts: { before: before.counts, afterRun: afterRun.counts, afterPurge: afterPurge.counts },
      memory: { before: before.memory, afterRun: afterRun.memory, afterPurge: afterPurge.memory },
      residentByMinute: residentByMinute.map((value) => value ?? 0),
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * What the rows are: anonymous ones must be gone after the purge (at most what was there
 * before the run); audit events and the dev mailbox keep what the run legitimately caused.
 */
const rowGoals: Record<keyof TableCounts, string> = {
  idp_payloads: 'flat after purge',
  login_states: 'flat after purge',
  sessions: 'flat after purge',
  login_throttle: 'flat after purge',
  jobs: 'flat after purge',
  audit_events: 'one per wrong password until the lock-out, then one lock-out a window',
  dev_mailbox: 'the codes mailed (the demo keeps a copy of each)',
};
const heapGoalMb = 10;
const plateauGoal = 1.15;

export function printAbuse(result: AbuseResult): boolean {
  console.log(
    `\nAbuse: ${result.minutes} min from one address on 127.0.0.1 (demo profile, SQLite), then the housekeeping job with the clock a day on`,
  );
  console.log('| traffic | requests | answers |');
  console.log('| --- | ---: | --- |');
  for (const row of result.traffic) {
    const answers = Object.entries(row.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(`| ${row.kind} | ${row.requests} | ${answers} |`);
  }
  console.log('| rows | before the run | after the run | after the purge | goal |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  let ok = true;
  const { before, afterRun, afterPurge } = result.counts;
  for (const table of Object.keys(rowGoals) as Array<keyof TableCounts>) {
    const goal = rowGoals[table];
    const flat = afterPurge[table] <= before[table];
    if (goal === 'flat after purge' && !flat) ok = false;
    console.log(
      `| \`${table}\` | ${before[table]} | ${afterRun[table]} | ${afterPurge[table]} | ${goal}${goal === 'flat after purge' ? (flat ? ' ✓' : ' ✗') : ''} |`,
    );
  }
  console.log(
    `server resident memory, highest each minute of the run (MiB): ${result.residentByMinute.map((value) => value.toFixed(0)).join(', ')}`,
  );
  const memory = result.memory;
  console.log(
    '| server memory (MiB, after a full collection) | before the run | after the run | after the purge |',
  );
  console.log('| --- | ---: | ---: | ---: |');
  console.log(
    `| resident | ${memory.before.rssMb.toFixed(0)} | ${memory.afterRun.rssMb.toFixed(0)} | ${memory.afterPurge.rssMb.toFixed(0)} |`,
  );
  console.log(
    `| heap used | ${memory.before.heapUsedMb.toFixed(1)} | ${memory.afterRun.heapUsedMb.toFixed(1)} | ${memory.afterPurge.heapUsedMb.toFixed(1)} |`,
  );
  console.log(
    `| heap total | ${memory.before.heapTotalMb.toFixed(1)} | ${memory.afterRun.heapTotalMb.toFixed(1)} | ${memory.afterPurge.heapTotalMb.toFixed(1)} |`,
  );
  console.log(
    `| external (buffers) | ${memory.before.externalMb.toFixed(1)} | ${memory.afterRun.externalMb.toFixed(1)} | ${memory.afterPurge.externalMb.toFixed(1)} |`,
  );
  // Resident memory is a high-water mark (V8 and malloc keep pages they freed): flat means it
  // stops rising while the abuse goes on, and the heap in use returns to where it was.
  const heapGrowth = memory.afterPurge.heapUsedMb - memory.before.heapUsedMb;
  const firstMinute = result.residentByMinute[0] ?? 0;
  const lastMinute = result.residentByMinute.at(-1) ?? 0;
  const memoryFlat = heapGrowth < heapGoalMb && lastMinute <= firstMinute * plateauGoal;
  console.log(
    `heap in use after the purge: ${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(1)} MiB (goal: under +${heapGoalMb}); resident in the last minute ${lastMinute.toFixed(0)} MiB against ${firstMinute.toFixed(0)} in the first (goal: at most +${((plateauGoal - 1) * 100).toFixed(0)} %) ${memoryFlat ? '✓' : '✗'}`,
  );
  return ok && memoryFlat;
}
