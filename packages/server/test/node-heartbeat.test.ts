import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import {
  createJobWorker,
  createNodeHeartbeat,
  enqueueJob,
  newNodeRun,
  runQueuedJobNow,
  type NodeRun,
} from '../src/jobs/job-queue.ts';
import { MovableClock } from '../src/time/clock.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases.ts';
import { recordingLogger } from './support/jobs.ts';

const timeoutMs = 30_000;
const lockMs = 5 * 60_000;

describe.each(databaseKinds)('node heartbeats on %s', (kind) => {
  let database: TestDatabase;
  let clock: MovableClock;
  const db = () => database.handle.db;
  // Beats only when a test says so: a node that stops beating is one that died.
  const heartbeatOf = (
    run: NodeRun,
    options: { processExists?: (pid: number) => boolean; onRunsEnded?: () => void } = {},
  ) => {
    const logger = recordingLogger();
    const heartbeat = createNodeHeartbeat({
      db: db(),
      clock,
      logger,
      run,
      timeoutMs,
      forgetAfterMs: 3_600_000,
      beatEveryMs: 3_600_000,
      ...options,
    });
    return Object.assign(heartbeat, { logger });
  };
  const workerOf = (run: NodeRun) => {
    const worker = createJobWorker({
      db: db(),
      clock,
      logger: recordingLogger(),
      pollMs: 60_000,
      lockMs,
      workerId: run.id,
    });
    worker.register('test.work', async () => undefined);
    return worker;
  };
  const lockOf = async (dedupeKey: string) =>
    (
      await db()
        .selectFrom('jobs')
        .select('locked_by')
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst()
    )?.locked_by;
  /** A job `run` has claimed: locked by it for the next five minutes. */
  const claimedBy = async (run: { id: string }, dedupeKey: string) => {
    await enqueueJob(db(), { kind: 'test.work', payload: null, dedupeKey }, clock.now());
    await db()
      .updateTable('jobs')
      .set({
        locked_by: run.id,
        locked_until: new Date(clock.now().getTime() + lockMs).toISOString(),
        attempts: 1,
      })
      .where('dedupe_key', '=', dedupeKey)
      .execute();
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await migrateToLatest(database.handle);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    clock = new MovableClock(new Date('2026-11-25T10:00:00Z'));
    await db().deleteFrom('jobs').execute();
    await db().deleteFrom('nodes').execute();
  });

  it('hands the jobs of a node that stopped beating to another node at once, long before their lock ends', async () => {
    const dead = newNodeRun('host-a');
    const alive = newNodeRun('host-b');
    const kicked: string[] = [];
    const a = heartbeatOf(dead);
    const b = heartbeatOf(alive, { onRunsEnded: () => kicked.push('kick') });
    await a.start();
    await b.start();
    await claimedBy(dead, 'of-the-dead');
    await claimedBy(alive, 'of-the-living');
    const worker = workerOf(alive);
    expect(await worker.runDue()).toBe(0);

    // A beats no more; B goes on beating, and one timeout later takes A for dead.
    clock.advance(timeoutMs / 2);
    await b.beat();
    expect(await lockOf('of-the-dead')).toBe(dead.id);
    clock.advance(timeoutMs / 2 + 1);
    await b.beat();
    expect(await lockOf('of-the-dead')).toBeNull();
    expect(kicked).toEqual(['kick']);
    expect(await lockOf('of-the-living')).toBe(alive.id);
    expect(await worker.runDue()).toBe(1);
    const states = await b.runStates();
    expect([...states.ended]).toEqual([dead.tag]);
    expect(states.live.has(alive.tag)).toBe(true);
  });

  it('takes over at start the jobs of its own previous run, and of this host’s runs whose process is gone, but not of a live process', async () => {
    const host = `host-${kind}`;
    const previousLife = { ...newNodeRun(host), id: `${host}:${process.pid}:0123456789abcdef` };
    const gone = newNodeRun(host, 4_000_001);
    const living = newNodeRun(host, 4_000_002);
    const elsewhere = newNodeRun('another-host', 4_000_001);
    for (const run of [previousLife, gone, living, elsewhere]) {
      await db()
        .insertInto('nodes')
        .values({
          id: run.id,
          host: run.host,
          pid: run.pid,
          tag: run.tag,
          started_at: clock.now().toISOString(),
          last_seen_at: clock.now().toISOString(),
          ended_at: null,
        })
        .execute();
      await claimedBy(run, run.id);
    }

    const restarted = heartbeatOf(newNodeRun(host), {
      processExists: (pid) => pid === living.pid,
    });
    await restarted.start();
    expect(await lockOf(previousLife.id)).toBeNull();
    expect(await lockOf(gone.id)).toBeNull();
    expect(await lockOf(living.id)).toBe(living.id);
    expect(await lockOf(elsewhere.id)).toBe(elsewhere.id);
  });

  it('judges no node dead until it has itself beaten for a whole timeout (after an outage every node is silent)', async () => {
    const silent = newNodeRun('host-silent');
    await heartbeatOf(silent).start();
    await claimedBy(silent, 'silent');
    clock.advance(10 * timeoutMs);
    // Just back: the other node may not have had its chance to beat yet.
    const back = heartbeatOf(newNodeRun('host-back'));
    await back.start();
    clock.advance(timeoutMs - 1);
    await back.beat();
    expect(await lockOf('silent')).toBe(silent.id);
    clock.advance(1);
    await back.beat();
    expect(await lockOf('silent')).toBeNull();
  });

  it('lets a node that was taken for dead beat again and count as live', async () => {
    const slow = newNodeRun('host-slow');
    const a = heartbeatOf(slow);
    const b = heartbeatOf(newNodeRun('host-quick'));
    await a.start();
    await b.start();
    clock.advance(timeoutMs + 1);
    await b.beat();
    expect((await b.runStates()).ended.has(slow.tag)).toBe(true);
    await a.beat();
    expect((await b.runStates()).live.has(slow.tag)).toBe(true);
    expect(a.logger.lines.map((line) => line.message)).toContain(
      'this node had been taken for dead; beating again',
    );
  });

  it('runs a queued job now on request: cutting a retry’s wait short and freeing a dead node’s claim, but not taking a live node’s', async () => {
    const live = newNodeRun('host-live');
    await heartbeatOf(live).start();
    const liveSince = () => new Date(clock.now().getTime() - timeoutMs);
    const later = new Date(clock.now().getTime() + 8 * 60_000);
    await enqueueJob(
      db(),
      { kind: 'test.work', payload: null, dedupeKey: 'waiting', runAt: later },
      clock.now(),
    );
    expect(
      await runQueuedJobNow(db(), 'waiting', { now: clock.now(), liveSince: liveSince() }),
    ).toBe(true);
    await claimedBy(live, 'running');
    expect(
      await runQueuedJobNow(db(), 'running', { now: clock.now(), liveSince: liveSince() }),
    ).toBe(false);
    expect(await lockOf('running')).toBe(live.id);
    // Its node stopped beating a timeout ago; nobody has ended it yet.
    clock.advance(timeoutMs + 1);
    expect(
      await runQueuedJobNow(db(), 'running', { now: clock.now(), liveSince: liveSince() }),
    ).toBe(true);
    expect(await lockOf('running')).toBeNull();
    const worker = workerOf(newNodeRun('host-other'));
    expect(await worker.runDue()).toBe(2);
  });
});
