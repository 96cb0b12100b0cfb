import { bulkFailureKeys } from '@esign/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { BulkBatchRowRow, Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { SessionUser } from '../http/request-context.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { JobLogger, JobWorker } from '../jobs/job-types.ts';
import type { Clock } from '../time/clock.ts';
import type { BulkPerson } from './bulk-rows.ts';
import {
  findBatch,
  findUserWithGroups,
  finishBatchIfDone,
  listQueuedRows,
  moveRow,
  updateRowsInStatus,
} from './bulk-send.repository.ts';
import type { BulkTemplateSource } from './template-source.ts';

/** Sends a batch's queued rows for a while, then queues itself again: { batchId }. */
export const bulkSendJob = 'bulk.send';

/** One waiting job per batch and point of progress: a continuation never collides with its run. */
export const bulkSendJobKey = (batchId: string, from: string | number) => `bulk:${batchId}:${from}`;

const Payload = z.object({ batchId: z.string() });

export interface BulkSendJobDeps {
  db: Kysely<Database>;
  clock: Clock;
  source: BulkTemplateSource;
  logger: JobLogger;
  kickJobs?: () => void;
  /** Rows made at once (their flows' files copied and sent side by side). */
  parallel?: number;
  /** A run stops taking rows after this long and queues the rest as a new job. */
  runBudgetMs?: number;
  /** …or after this many rows (tests use a few, to stop a batch halfway). */
  rowsPerRun?: number;
  /** The next run is due this long after a run ends (tests move their clock past it). */
  continueAfterMs?: number;
}

/** The reason a row's flow was not made: the error's message key, never its internals. */
function failureOf(error: unknown): string {
  if (!(error instanceof AppError)) return bulkFailureKeys.sendFailed;
  if (error.code === 'notFound') return bulkFailureKeys.templateGone;
  return error.issues?.[0]?.key ?? error.key;
}

const sessionUserOf = (
  row: NonNullable<Awaited<ReturnType<typeof findUserWithGroups>>>,
): SessionUser => ({
  id: row.id,
  email: row.email,
  displayName: row.display_name,
  organisation: row.organisation,
  title: row.title,
  isAdmin: Boolean(row.is_admin),
  groupIds: row.group_ids,
});

/**
 * Registers the job that sends a batch. Each row is claimed (queued → sending) before its
 * flow is made and marked sent with the flow's id after, so a cancel in between never stops
 * a flow half made and a restart never sends a row twice: a row a dead run left in sending
 * is failed as interrupted (its flow may exist), not sent again.
 */
export function registerBulkSendJob(worker: JobWorker, deps: BulkSendJobDeps) {
  const parallel = deps.parallel ?? 4;
  const runBudgetMs = deps.runBudgetMs ?? 5_000;
  const rowsPerRun = deps.rowsPerRun ?? Number.POSITIVE_INFINITY;

  async function sendRow(owner: SessionUser, templateId: string, row: BulkBatchRowRow) {
    const { db, clock } = deps;
    if (
      !(await moveRow(
        db,
        row.batch_id,
        row.row_number,
        'queued',
        { status: 'sending' },
        clock.now(),
      ))
    )
      return;
    try {
      const flowId = await deps.source.sendFlow({
        owner,
        templateId,
        people: JSON.parse(row.people) as BulkPerson[],
        flowName: row.flow_name,
        note: row.note,
        context: { actor: owner.email, userId: owner.id },
      });
      await moveRow(
        db,
        row.batch_id,
        row.row_number,
        'sending',
        { status: 'sent', flow_id: flowId },
        clock.now(),
      );
    } catch (error) {
      if (!(error instanceof AppError))
        deps.logger.error(
          { batchId: row.batch_id, row: row.row_number, error: (error as Error).message },
          'a bulk-send row failed',
        );
      const failure = failureOf(error);
      await moveRow(
        db,
        row.batch_id,
        row.row_number,
        'sending',
        { status: 'failed', failure },
        clock.now(),
      );
    }
  }

  worker.register(bulkSendJob, async (payload) => {
    const { batchId } = Payload.parse(payload);
    const { db, clock } = deps;
    const batch = await findBatch(db, batchId);
    if (batch?.status !== 'sending') return;
    // Only one run of a batch at a time: a row still sending was left by a run that died.
    await updateRowsInStatus(
      db,
      batchId,
      'sending',
      'failed',
      clock.now(),
      bulkFailureKeys.interrupted,
    );
    const ownerRow = await findUserWithGroups(db, batch.owner_id);
    if (!ownerRow) {
      await updateRowsInStatus(
        db,
        batchId,
        'queued',
        'failed',
        clock.now(),
        bulkFailureKeys.templateGone,
      );
      await finishBatchIfDone(db, batchId, clock.now());
      return;
    }
    const owner = sessionUserOf(ownerRow);
    const started = Date.now();
    let done = 0;
    let next: BulkBatchRowRow[] = [];
    for (;;) {
      next = await listQueuedRows(db, batchId, parallel);
      if (next.length === 0 || done >= rowsPerRun || Date.now() - started >= runBudgetMs) break;
      const take = next.slice(0, Math.max(1, Math.min(parallel, rowsPerRun - done)));
      await Promise.all(take.map((row) => sendRow(owner, batch.template_id, row)));
      done += take.length;
    }
    if (await finishBatchIfDone(db, batchId, clock.now())) return;
    const [first] = next;
    if (!first) return;
    // Picked up again as a new job: a restart, a cancel or the lock's end find it in the table.
    await enqueueJob(
      db,
      {
        kind: bulkSendJob,
        payload: { batchId },
        dedupeKey: bulkSendJobKey(batchId, first.row_number),
        runAt: new Date(clock.now().getTime() + (deps.continueAfterMs ?? 0)),
      },
      clock.now(),
    );
    deps.kickJobs?.();
  });
}
