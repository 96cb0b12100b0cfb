import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { JobLogger, RunStates } from '../jobs/job-queue.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { Clock } from '../time/clock.ts';
import { scratchPrefixes, tagAfterPrefix, type Scratch } from './scratch.ts';
import { listReservedKeys, reservationGraceMs } from './stored-objects.ts';

/**
 * Whether a temporary file can go. A file of a run that ended (it stopped, or died and was
 * found dead) is no live request's; a file of a live run stays. A file whose run is not
 * known (made before names carried a tag, or by a portal with another database sharing the
 * machine's temporary folder) goes only when older than the grace, the longest an upload or
 * a signing may take from its last write to its record.
 */
export function isAbandoned(
  runs: RunStates,
  tag: string | null,
  modifiedAt: Date,
  now: Date,
): boolean {
  if (tag !== null && (tag === runs.self || runs.live.has(tag))) return false;
  if (tag !== null && runs.ended.has(tag)) return true;
  return now.getTime() - modifiedAt.getTime() > reservationGraceMs;
}

/** Removes the entries of `dir` named `prefix<tag>-…` that are abandoned; answers how many. */
async function sweepFolder(
  dir: string,
  prefix: string,
  abandoned: (tag: string | null, modifiedAt: Date) => boolean,
): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const path = join(dir, name);
    try {
      const { mtime } = await stat(path);
      if (!abandoned(tagAfterPrefix(name.slice(prefix.length)), mtime)) continue;
      await rm(path, { recursive: true, force: true });
      removed += 1;
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}

export interface ScratchSweepDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  scratch: Scratch;
}

/**
 * Removes what crashed runs left: uploads in DATA_DIR/tmp, working folders in the machine's
 * temporary folder, and half-written copies beside reserved storage keys (disk store).
 */
export async function sweepScratch(deps: ScratchSweepDeps, runs: RunStates, now: Date) {
  const abandoned = (tag: string | null, modifiedAt: Date) =>
    isAbandoned(runs, tag, modifiedAt, now);
  const uploads = await sweepFolder(deps.scratch.uploadDir, scratchPrefixes.upload, abandoned);
  const workFolders = await sweepFolder(deps.scratch.workDir, scratchPrefixes.work, abandoned);
  let partials = 0;
  const { removePartials } = deps.storage;
  if (removePartials) {
    // A copy is written only under a reserved key, so the reservations say where to look.
    for (const key of await listReservedKeys(deps.db, 5000))
      partials += await removePartials(key, (suffix, modifiedAt) =>
        abandoned(tagAfterPrefix(suffix), modifiedAt),
      );
  }
  return { uploads, workFolders, partials };
}

export interface ScratchSweeperOptions extends ScratchSweepDeps {
  clock: Clock;
  logger: JobLogger;
  runStates: () => Promise<RunStates>;
  intervalMs: number;
}

/**
 * This node's sweep of temporary files: once at start, then every interval. It runs on
 * every node, not through the queue, because the machine's temporary folder is each
 * machine's own.
 */
export function createScratchSweeper(options: ScratchSweeperOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function sweep() {
    try {
      const removed = await sweepScratch(options, await options.runStates(), options.clock.now());
      if (removed.uploads + removed.workFolders + removed.partials > 0)
        options.logger.info(removed, 'removed temporary files that ended runs left behind');
    } catch (error) {
      options.logger.warn({ error: (error as Error).message }, 'sweeping temporary files failed');
    }
  }

  return {
    async start() {
      running = sweep();
      await running;
      timer = setInterval(() => {
        running = running.then(sweep);
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
