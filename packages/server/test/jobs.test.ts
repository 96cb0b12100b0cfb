import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { MovableClock } from '../src/time/clock.ts';
import {
  createJobWorker,
  enqueueJob,
  retryDelayMs,
  type JobWorkerOptions,
} from '../src/jobs/job-queue.ts';
import { createTestDatabase, databaseKinds, testDatabaseUrl } from './support/databases.ts';
import { deferred, recordingLogger, sleep } from './support/jobs.ts';
import type { TestDatabase } from './support/databases.ts';

describe.each(databaseKinds)('the job queue on %s', (kind) => {
  let database: TestDatabase;
  let clock: MovableClock;
  const db = () => database.handle.db;
  const newWorker = (options: Partial<JobWorkerOptions> = {}) =>
    createJobWorker({ db: db(), clock, logger: recordingLogger(), pollMs: 60_000, ...options });
  const jobs = () => db().selectFrom('jobs').selectAll().orderBy('created_at').execute();
  const onlyJob = async () => {
    const [job, ...others] = await jobs();
    expect(others).toEqual([]);
    if (!job) throw new Error('no job');
    return job;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await migrateToLatest(database.handle);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    clock = new MovableClock(new Date('2026-03-01T10:00:00Z'));
    await db().deleteFrom('jobs').execute();
  });

  it('never runs a job queued in a transaction that rolled back, and runs a committed one once', async () => {
    const worker = newWorker();
    const runs: unknown[] = [];
    worker.register('test.record', async (payload) => void runs.push(payload));
    const rollback = db()
      .transaction()
      .execute(async (trx) => {
        await enqueueJob(trx, { kind: 'test.record', payload: { n: 1 } }, clock.now());
        throw new Error('the change failed');
      });
    await expect(rollback).rejects.toThrow('the change failed');
    await db()
      .transaction()
      .execute((trx) => enqueueJob(trx, { kind: 'test.record', payload: { n: 2 } }, clock.now()));

    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);
    expect(runs).toEqual([{ n: 2 }]);
    expect(await jobs()).toEqual([]);
  });

  it('waits for runAt before running a job', async () => {
    const worker = newWorker();
    const runs: number[] = [];
    worker.register('test.later', async () => void runs.push(1));
    const runAt = new Date(clock.now().getTime() + 60_000);
    await enqueueJob(db(), { kind: 'test.later', payload: null, runAt }, clock.now());
    expect(await worker.runDue()).toBe(0);
    clock.set(runAt);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toEqual([1]);
  });

  it('retries a failing handler only when the clock has passed the backoff', async () => {
    const worker = newWorker();
    const attempts: number[] = [];
    worker.register('test.flaky', async (_payload, context) => {
      attempts.push(context.attempt);
      if (context.attempt < 3) throw new Error(`attempt ${context.attempt} failed`);
    });
    await enqueueJob(db(), { kind: 'test.flaky', payload: null }, clock.now());

    expect(await worker.runDue()).toBe(1);
    expect(await onlyJob()).toMatchObject({ attempts: 1, last_error: 'attempt 1 failed' });
    clock.advance(29_999);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    expect(await onlyJob()).toMatchObject({ attempts: 2, last_error: 'attempt 2 failed' });
    clock.advance(59_999);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);

    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobs()).toEqual([]);
    expect([retryDelayMs(1), retryDelayMs(2), retryDelayMs(8), retryDelayMs(30)]).toEqual([
      30_000, 60_000, 3_600_000, 3_600_000,
    ]);
  });

  it('retries at the later time a failure names (a CA’s next CRL), at most a day ahead', async () => {
    const worker = newWorker();
    const attempts: number[] = [];
    const hour = 3_600_000;
    worker.register('test.waits', async (_payload, context) => {
      attempts.push(context.attempt);
      const retryAt = new Date(
        clock.now().getTime() + (context.attempt === 1 ? 2 * hour : 30 * hour),
      );
      throw Object.assign(new Error('the CRL is older than the signature'), { retryAt });
    });
    await enqueueJob(db(), { kind: 'test.waits', payload: null }, clock.now());
    expect(await worker.runDue()).toBe(1);
    clock.advance(2 * hour - 1);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    // 30 hours named: a day is the most it waits.
    clock.advance(24 * hour - 1);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('marks a job failed after its last attempt, logs it, keeps it and frees its dedupe key', async () => {
    const logger = recordingLogger();
    const worker = newWorker({ logger });
    let runs = 0;
    worker.register('test.broken', async () => {
      runs += 1;
      throw new Error('always broken');
    });
    const job = { kind: 'test.broken', payload: null, dedupeKey: 'broken', maxAttempts: 3 };
    await enqueueJob(db(), job, clock.now());
    for (let round = 0; round < 5; round += 1) {
      await worker.runDue();
      clock.advance(3_600_000);
    }

    expect(runs).toBe(3);
    const failed = await onlyJob();
    expect(failed).toMatchObject({ attempts: 3, last_error: 'always broken', dedupe_key: null });
    expect(failed.failed_at).not.toBeNull();
    const errors = logger.lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.details).toMatchObject({ jobId: failed.id, kind: 'test.broken' });
    // The same work can be queued again: the failed job no longer holds the key.
    await enqueueJob(db(), job, clock.now());
    expect(await jobs()).toHaveLength(2);
  });

  it('counts a job of a kind nobody handles as a failure', async () => {
    const worker = newWorker();
    await enqueueJob(db(), { kind: 'test.unknown', payload: null, maxAttempts: 1 }, clock.now());
    expect(await worker.runDue()).toBe(1);
    const job = await onlyJob();
    expect(job.last_error).toMatch(/no handler for job kind test\.unknown/);
    expect(job.failed_at).not.toBeNull();
  });

  it('lets a kind set its own number of attempts', async () => {
    const worker = newWorker();
    worker.register('test.once', () => Promise.reject(new Error('no')), { maxAttempts: 1 });
    await enqueueJob(db(), { kind: 'test.once', payload: null }, clock.now());
    await worker.runDue();
    expect((await onlyJob()).failed_at).not.toBeNull();
  });

  it('hands a job that gave up to its kind’s onGiveUp, and is done with it once that succeeds', async () => {
    const worker = newWorker();
    const handed: Array<{ payload: unknown; error: string }> = [];
    worker.register('test.handed', () => Promise.reject(new Error('still down')), {
      maxAttempts: 2,
      onGiveUp: async (payload, error) =>
        void handed.push({ payload, error: (error as Error).message }),
    });
    await enqueueJob(db(), { kind: 'test.handed', payload: { flow: 'f1' } }, clock.now());
    await worker.runDue();
    expect(handed).toEqual([]);
    clock.advance(3_600_000);
    await worker.runDue();
    expect(handed).toEqual([{ payload: { flow: 'f1' }, error: 'still down' }]);
    expect(await jobs()).toEqual([]);
  });

  it('keeps a job failed for an operator when its onGiveUp fails too', async () => {
    const worker = newWorker();
    worker.register('test.unhanded', () => Promise.reject(new Error('down')), {
      maxAttempts: 1,
      onGiveUp: () => Promise.reject(new Error('the database went too')),
    });
    await enqueueJob(db(), { kind: 'test.unhanded', payload: null }, clock.now());
    await worker.runDue();
    const job = await onlyJob();
    expect(job.failed_at).not.toBeNull();
    expect(job.last_error).toBe('down');
  });

  it('queues a job with a dedupe key once while it waits, and again after it ran', async () => {
    const worker = newWorker();
    let runs = 0;
    worker.register('test.dedupe', async () => void (runs += 1));
    const job = { kind: 'test.dedupe', payload: null, dedupeKey: 'remind:flow-1' };
    await enqueueJob(db(), job, clock.now());
    await db()
      .transaction()
      .execute((trx) => enqueueJob(trx, job, clock.now()));
    expect(await jobs()).toHaveLength(1);
    expect(await worker.runDue()).toBe(1);
    await enqueueJob(db(), job, clock.now());
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(2);
  });

  it('keeps waiting jobs across a restart: a new worker runs what the stopped one left', async () => {
    const first = newWorker();
    first.register('test.durable', async () => undefined);
    const runAt = new Date(clock.now().getTime() + 120_000);
    await enqueueJob(db(), { kind: 'test.durable', payload: { n: 7 } }, clock.now());
    await enqueueJob(db(), { kind: 'test.durable', payload: { n: 8 }, runAt }, clock.now());
    expect(await first.runDue()).toBe(1);
    await first.stop();

    const second = newWorker();
    const runs: unknown[] = [];
    second.register('test.durable', async (payload) => void runs.push(payload));
    clock.set(runAt);
    await second.runDue();
    expect(runs).toEqual([{ n: 8 }]);
    expect(await jobs()).toEqual([]);
  });

  it('lets another worker take over a job whose lock expired, and the late finisher harms nothing', async () => {
    const stuck = deferred();
    const dying = newWorker({ workerId: 'dying', lockMs: 60_000 });
    dying.register('test.takeover', () => stuck.promise);
    const healthy = newWorker({ workerId: 'healthy', lockMs: 60_000 });
    const attempts: number[] = [];
    healthy.register(
      'test.takeover',
      async (_payload, context) => void attempts.push(context.attempt),
    );
    await enqueueJob(db(), { kind: 'test.takeover', payload: null }, clock.now());

    const hanging = dying.runDue();
    await vi.waitFor(async () => expect((await onlyJob()).locked_by).toBe('dying'));
    expect(await healthy.runDue()).toBe(0);
    clock.advance(60_001);
    expect(await healthy.runDue()).toBe(1);
    expect(attempts).toEqual([2]);

    stuck.resolve();
    expect(await hanging).toBe(1);
    expect(await jobs()).toEqual([]);
  });

  it('runs a recurring job at start and again after each interval, one waiting job for all nodes', async () => {
    const runs: string[] = [];
    const workers = ['a', 'b'].map((workerId) => {
      const worker = newWorker({ workerId });
      worker.register('test.sweep', async () => void runs.push(workerId));
      worker.every('test.sweep', 600_000);
      return worker;
    });
    for (const worker of workers) await worker.start();
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    await Promise.all(workers.map((worker) => worker.stop()));

    expect(await onlyJob()).toMatchObject({ kind: 'test.sweep', dedupe_key: 'every:test.sweep' });
    const [a, b] = workers;
    expect(await a?.runDue()).toBe(0);
    clock.advance(600_000);
    expect(((await a?.runDue()) ?? 0) + ((await b?.runDue()) ?? 0)).toBe(1);
    expect(runs).toHaveLength(2);
    expect(await onlyJob()).toMatchObject({ kind: 'test.sweep' });
  });

  it('on kick runs a new job without waiting for the poll, and stop waits for the running job', async () => {
    const worker = newWorker({ pollMs: 3_600_000 });
    const release = deferred();
    let started = false;
    worker.register('test.kicked', async () => {
      started = true;
      await release.promise;
    });
    await worker.start();
    await sleep(50);
    await enqueueJob(db(), { kind: 'test.kicked', payload: null }, clock.now());
    worker.kick();
    await vi.waitFor(() => expect(started).toBe(true));

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(await jobs()).toEqual([]);
  });
});

describe('two nodes on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await migrateToLatest(database.handle);
  });
  afterAll(() => database.dispose());

  it('run each of 50 jobs exactly once when two workers on separate pools race for them', async () => {
    const schema = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      database.handle.db,
    );
    const other = openDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir: database.dataDir,
      schema: schema.rows[0]?.schema ?? '',
    });
    try {
      const clock = new MovableClock();
      for (let n = 0; n < 50; n += 1) {
        await enqueueJob(database.handle.db, { kind: 'test.race', payload: n }, clock.now());
      }
      const runs = new Map<unknown, string[]>();
      const workers = [database.handle, other].map((handle, index) => {
        const workerId = `node-${index}`;
        const worker = createJobWorker({
          db: handle.db,
          clock,
          logger: recordingLogger(),
          workerId,
        });
        worker.register('test.race', async (payload) => {
          runs.set(payload, [...(runs.get(payload) ?? []), workerId]);
          await sleep(5);
        });
        return worker;
      });

      const counts = await Promise.all(workers.map((worker) => worker.runDue()));
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[1]).toBeGreaterThan(0);
      expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(50);
      expect(runs.size).toBe(50);
      expect([...runs.values()].every((nodes) => nodes.length === 1)).toBe(true);
      expect(await database.handle.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
