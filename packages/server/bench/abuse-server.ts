import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import type { Clock } from '../src/time/clock.ts';

/*
 * The portal for `npm run bench -- abuse`, in a process of its own so that its resident
 * memory is its own: the demo profile on SQLite, listening on 127.0.0.1 only, with a clock the
 * bench moves (over IPC) to the day after the run before the housekeeping job runs, as it
 * would by then. Started by abuse-bench.ts with fork(); nothing else should start it.
 */

/** The tables anonymous visitors write to, and the ones their traffic touches on the way. */
export const watchedTables = [
  'idp_payloads',
  'login_states',
  'sessions',
  'login_throttle',
  'audit_events',
  'jobs',
  'dev_mailbox',
] as const satisfies ReadonlyArray<keyof Database>;
export type TableCounts = Record<(typeof watchedTables)[number], number>;

export type AbuseServerRequest =
  { type: 'counts' } | { type: 'memory' } | { type: 'purge'; advanceMs: number };
export type AbuseServerAnswer =
  | { type: 'ready'; url: string }
  | { type: 'counts'; counts: TableCounts }
  | { type: 'memory'; rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number }
  | { type: 'purged'; jobsRun: number };

const mb = (bytes: number) => bytes / 1024 / 1024;

async function main() {
  const send = (answer: AbuseServerAnswer) => process.send?.(answer);
  // Real time (rate-limit windows pass as they would), plus the day the bench moves it on.
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  const config = loadConfig({ ...process.env, HOST: '127.0.0.1', NODE_ENV: 'development' });
  const database = openDatabase({ dataDir: config.dataDir });
  await migrateToLatest(database);
  const app = await buildApp({ config, database, clock });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const db = database.db;

  process.on('message', (message: AbuseServerRequest) => {
    void (async () => {
      if (message.type === 'counts') {
        const entries = await Promise.all(
          watchedTables.map(async (table) => {
            const row = await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow();
            return [table, Number(row.n)] as const;
          }),
        );
        send({ type: 'counts', counts: Object.fromEntries(entries) as TableCounts });
      } else if (message.type === 'memory') {
        // After a full collection, so that garbage waiting to be collected does not count.
        (globalThis as { gc?: () => void }).gc?.();
        const usage = process.memoryUsage();
        send({
          type: 'memory',
          rssMb: mb(usage.rss),
          heapUsedMb: mb(usage.heapUsed),
          heapTotalMb: mb(usage.heapTotal),
          externalMb: mb(usage.external),
        });
      } else {
        offsetMs += message.advanceMs;
        send({ type: 'purged', jobsRun: await app.jobWorker.runDue() });
      }
    })();
  });
  process.on('disconnect', () => {
    void app.close().then(() => database.close());
  });
  send({ type: 'ready', url: `http://127.0.0.1:${config.port}` });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
