import { bulkCsvHeaders } from '@esign/contract';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TestClient } from '../test/support/client.ts';
import { createTestDatabase } from '../test/support/databases.ts';
import { makePdf } from '../test/support/pdf.ts';
import { createWebDist } from '../test/support/test-app.ts';

const mib = 1024 * 1024;
const roles = ['Työntekijä', 'Esihenkilö'];

export interface BulkBenchRun {
  rows: number;
  /** From the send call to the last invitation the SMTP sink accepted. */
  seconds: number;
  /** From the send call to the batch's last flow sent (its invitations queued). */
  flowsSeconds: number;
  invitations: number;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** The heap in use after a full collection, before and after (with --expose-gc). */
  heapStartMb: number;
  heapEndMb: number;
}

/** An SMTP sink on 127.0.0.1 that only counts what it accepts (keeping nothing, so its memory stays flat). */
async function startCountingSink() {
  let count = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        count += 1;
        last = performance.now();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('sink not listening');
  return {
    port: address.port,
    count: () => count,
    last: () => last,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function csvOf(rows: number, tag: string) {
  const lines = [bulkCsvHeaders(roles, 'fi').join(';')];
  for (let index = 1; index <= rows; index += 1)
    lines.push(
      [
        `Äijä Öhman ${index}`,
        `a.${tag}.${index}@example.com`,
        '',
        `Åsa Ek ${index}`,
        `b.${tag}.${index}@example.com`,
        '',
        `Työsopimus ${index}`,
        '',
      ].join(';'),
    );
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'))]);
}

/**
 * `npm run bench -- bulk`: a batch of `rows` two-signer flows (sent in parallel, so two
 * invitations each) on SQLite with the job worker on and mail over SMTP to a sink on
 * 127.0.0.1; a smaller batch first, in the same process, as the baseline.
 */
export async function benchBulk(sizes: number[]): Promise<BulkBenchRun[]> {
  const sink = await startCountingSink();
  const database = await createTestDatabase('sqlite');
  const runs: BulkBenchRun[] = [];
  try {
    await migrateToLatest(database.handle);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: createWebDist(),
      JOB_WORKER: 'true',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      BULK_SEND_MAX_ROWS: '1000',
    });
    const app = await buildApp({ config, database: database.handle });
    await app.ready();
    try {
      const owner = new TestClient(app);
      await owner.login('user@example.com', 'user-demo');
      const saved = await owner.post('/api/esign/Templates', {
        Name: 'Työsopimus',
        SignatureProcess: 'Concurrent',
        MinimumSignatureLevel: 'Low',
        Language: 'fi',
        Roles: roles.map((role) => ({ RoleName: role })),
      });
      if (saved.statusCode !== 200) throw new Error(`template: ${saved.body}`);
      const template = saved.json<{ Guid: string }>().Guid;
      await owner.upload(`/api/esign/Templates/${template}/signfile`, 'sopimus.pdf', makePdf());
      for (const [index, rows] of sizes.entries()) {
        runs.push(await sendOne(owner, template, rows, `r${index}`, sink));
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
    await sink.close();
  }
  return runs;
}

async function sendOne(
  owner: TestClient,
  template: string,
  rows: number,
  tag: string,
  sink: Awaited<ReturnType<typeof startCountingSink>>,
): Promise<BulkBenchRun> {
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  const heapStart = process.memoryUsage().heapUsed;
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const checked = await owner.upload(
    `/api/esign/Templates/${template}/bulk`,
    'lista.csv',
    csvOf(rows, tag),
    'text/csv',
  );
  const batch = checked.json<{ BatchId: string; Problems: unknown[] }>();
  if (checked.statusCode !== 200 || batch.Problems.length > 0)
    throw new Error(`check failed: ${checked.body}`);
  const before = sink.count();
  const expected = rows * roles.length;
  const started = performance.now();
  const sent = await owner.post(`/api/esign/Batches/${batch.BatchId}/send`);
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const deadline = started + 10 * 60_000;
  let flowsDone = 0;
  while (sink.count() - before < expected) {
    if (performance.now() > deadline) throw new Error(`only ${sink.count() - before} mails`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (flowsDone === 0) {
      const progress = await owner.get(`/api/esign/Batches/${batch.BatchId}`);
      if (progress.json<{ Status: string }>().Status === 'done') flowsDone = performance.now();
    }
  }
  const seconds = (sink.last() - started) / 1000;
  clearInterval(sampler);
  // The invitations are out; the rest of the flows' jobs (none) and the pool settle.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  global.gc?.();
  const state = (await owner.get(`/api/esign/Batches/${batch.BatchId}`)).json<{ Sent: number }>();
  if (state.Sent !== rows) throw new Error(`sent ${state.Sent} of ${rows}`);
  return {
    rows,
    seconds,
    flowsSeconds: ((flowsDone || performance.now()) - started) / 1000,
    invitations: sink.count() - before,
    rssStartMb: rssStart / mib,
    rssPeakMb: rssPeak / mib,
    rssEndMb: process.memoryUsage().rss / mib,
    heapStartMb: heapStart / mib,
    heapEndMb: process.memoryUsage().heapUsed / mib,
  };
}

/** Prints the runs beside the goal; answers whether the goal was met. */
export function printBulk(runs: BulkBenchRun[]): boolean {
  console.log('\nBulk send on SQLite, SMTP to a sink on 127.0.0.1 (two invitations a flow)');
  console.log(
    '| rows | invitations | all flows sent (s) | last invitation (s) | flows / s | RSS start / peak / end (MiB) | heap start / end (MiB) |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const run of runs)
    console.log(
      `| ${run.rows} | ${run.invitations} | ${run.flowsSeconds.toFixed(1)} | ${run.seconds.toFixed(1)} | ${(run.rows / run.seconds).toFixed(1)} | ${run.rssStartMb.toFixed(0)} / ${run.rssPeakMb.toFixed(0)} / ${run.rssEndMb.toFixed(0)} | ${run.heapStartMb.toFixed(0)} / ${run.heapEndMb.toFixed(0)} |`,
    );
  const [baseline, big, again] = runs;
  if (!baseline || !big) return false;
  const ratio = big.seconds / big.rows / (baseline.seconds / baseline.rows);
  console.log(
    `time per row, ${big.rows} rows against ${baseline.rows}: ${ratio.toFixed(2)}× (1.00 is linear)`,
  );
  console.log(
    `goal: ${big.rows} flows within 120 s — ${big.seconds.toFixed(1)} s; the first batch's peak ${(big.rssPeakMb - big.rssStartMb).toFixed(0)} MiB over its start, its end ${(big.rssEndMb - big.rssStartMb).toFixed(0)} MiB over it`,
  );
  if (!again) return big.seconds <= 120;
  // Flat: a second batch as large leaves the process no bigger than the first left it (what the
  // first kept is the allocator's and SQLite's reuse, not a leak that grows with each batch).
  const moreRss = again.rssEndMb - big.rssEndMb;
  const moreHeap = again.heapEndMb - big.heapEndMb;
  const flat = moreRss <= flatMarginMb && moreHeap <= flatMarginMb;
  console.log(
    `goal: memory flat — after a second batch of ${again.rows}, RSS ${signed(moreRss)} MiB and heap ${signed(moreHeap)} MiB against the first's end (at most +${flatMarginMb}) ${flat ? '✓' : '✗'}`,
  );
  return big.seconds <= 120 && again.seconds <= 120 && flat;
}

/** How much a second batch may add to the first's end and still count as flat. */
const flatMarginMb = 20;

const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(0)}`;
