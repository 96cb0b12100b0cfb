import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import type { JobLogger } from './job-types.ts';
import {
  deleteEndedNodes,
  endRuns,
  insertNode,
  listRuns,
  markNodeStopped,
  openRunsOnHost,
  touchNode,
} from './nodes.repository.ts';

// A node is one run of a server process. It writes a heartbeat to `nodes`; a run that stops
// beating is dead, and its claimed jobs go back to the queue at once rather than after their
// lock (JOB_LOCK_SECONDS). The same registry tells whose temporary files are still in use.

/** One run of this process: its job worker id, and the tag its temporary file names carry. */
export interface NodeRun {
  id: string;
  host: string;
  pid: number;
  tag: string;
}

// The runs made in this process: apps built side by side (as tests do) are alive together.
const runsOfThisProcess = new Set<string>();

export function newNodeRun(host = hostname(), pid = process.pid): NodeRun {
  const tag = randomBytes(8).toString('hex');
  const run = { id: `${host}:${pid}:${tag}`, host, pid, tag };
  runsOfThisProcess.add(run.id);
  return run;
}

/** The runs the registry knows, by the tag of their temporary files. */
export interface RunStates {
  self: string;
  live: Set<string>;
  ended: Set<string>;
}

/** Whether a process of this machine (this PID namespace) still exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface NodeHeartbeatOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: JobLogger;
  run: NodeRun;
  /** Silent this long, a run is dead (HEARTBEAT_TIMEOUT_SECONDS); it beats three times as often. */
  timeoutMs: number;
  /** Ended runs are forgotten after this long (what they left goes by age then). */
  forgetAfterMs: number;
  /** How often it beats; a third of the timeout unless given. */
  beatEveryMs?: number;
  /** Called when runs were ended and their jobs released, to run those jobs now. */
  onRunsEnded?: () => void;
  processExists?: (pid: number) => boolean;
}

export interface NodeHeartbeat {
  readonly run: NodeRun;
  /** Registers this run and ends this host's earlier runs (their jobs are released); then beats. */
  start(): Promise<void>;
  /** One heartbeat: this run's, then ends the runs silent for longer than the timeout. */
  beat(): Promise<void>;
  runStates(): Promise<RunStates>;
  /** Stops beating and marks this run ended (after its jobs finished). */
  stop(): Promise<void>;
}

/** This node's heartbeat, and the takeover of the jobs of nodes that died. */
export function createNodeHeartbeat(options: NodeHeartbeatOptions): NodeHeartbeat {
  const { db, clock, logger, run, timeoutMs } = options;
  const exists = options.processExists ?? processExists;
  // Since when every beat reached the database: another run is judged dead only by a node
  // that could have seen it beat for a whole timeout (after an outage every run is silent).
  let healthySince: Date | undefined;

  const ended = (ids: string[], why: string) => {
    if (ids.length === 0) return;
    logger.warn({ runs: ids }, why);
    options.onRunsEnded?.();
  };

  async function beat() {
    const now = clock.now();
    try {
      const state = await touchNode(db, run.id, now);
      if (state === 'missing') await insertNode(db, run, now);
      if (state !== 'beat')
        logger.warn({ run: run.id, state }, 'this node had been taken for dead; beating again');
      healthySince ??= now;
      if (now.getTime() - healthySince.getTime() >= timeoutMs) {
        const silentBefore = new Date(now.getTime() - timeoutMs);
        const dead = await endRuns(db, { silentBefore, exceptId: run.id }, now);
        ended(dead, 'nodes stopped beating; their jobs were released');
      }
      await deleteEndedNodes(db, new Date(now.getTime() - options.forgetAfterMs));
    } catch (error) {
      healthySince = undefined;
      logger.warn({ run: run.id, error: (error as Error).message }, 'heartbeat failed');
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();

  return {
    run,
    async start() {
      const now = clock.now();
      await insertNode(db, run, now);
      healthySince = now;
      // An earlier run on this host whose process is gone (or whose PID is now ours, as after
      // a container restart) is this node's previous life: take its jobs over now.
      const earlier = await openRunsOnHost(db, run.host, run.id);
      const gone = earlier.filter((other) =>
        other.pid === run.pid ? !runsOfThisProcess.has(other.id) : !exists(other.pid),
      );
      const released = await endRuns(db, { ids: gone.map((other) => other.id) }, now);
      ended(released, "this host's earlier runs ended; their jobs were released");
      timer = setInterval(
        () => {
          beating = beating.then(beat);
        },
        options.beatEveryMs ?? Math.max(Math.floor(timeoutMs / 3), 100),
      );
      // The heartbeat alone must not keep the process alive.
      timer.unref();
    },
    beat,
    async runStates() {
      const runs = await listRuns(db);
      const states: RunStates = { self: run.tag, live: new Set(), ended: new Set() };
      for (const each of runs) (each.ended_at === null ? states.live : states.ended).add(each.tag);
      return states;
    },
    async stop() {
      clearInterval(timer);
      await beating;
      await markNodeStopped(db, run.id, clock.now());
    },
  };
}
