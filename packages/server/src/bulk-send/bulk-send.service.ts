import { randomUUID } from 'node:crypto';
import {
  bulkErrorKeys,
  bulkMessageOf,
  type BulkBatch,
  type BulkCheckResult,
  type BulkTemplateInfo,
  type BulkProblem,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import type { Clock } from '../time/clock.ts';
import { readCsv } from './bulk-csv.ts';
import { checkRows } from './bulk-rows.ts';
import { bulkSendJob, bulkSendJobKey } from './bulk-send-job.ts';
import { presentBatch } from './bulk-send.presenter.ts';
import {
  countRowsByStatus,
  findOwnedBatch,
  insertBatch,
  listFailedRows,
  updateBatchStatus,
  updateRowsInStatus,
} from './bulk-send.repository.ts';
import type { BulkTemplateSource } from './template-source.ts';

export interface BulkSendDeps {
  db: Kysely<Database>;
  clock: Clock;
  source: BulkTemplateSource;
  maxRows: number;
  kickJobs?: () => void;
}

async function loadOwnedBatch(db: Kysely<Database>, user: SessionUser, batchId: string) {
  const batch = await findOwnedBatch(db, user.id, batchId);
  if (!batch) throw new AppError('notFound');
  return batch;
}

async function presentStored(db: Kysely<Database>, batchId: string, user: SessionUser) {
  const batch = await loadOwnedBatch(db, user, batchId);
  const [counts, failed] = await Promise.all([
    countRowsByStatus(db, batchId),
    listFailedRows(db, batchId),
  ]);
  return presentBatch(batch, counts, failed);
}

/**
 * Checks a CSV against a template the user may use and keeps it as a batch: every row
 * checked, each problem by row and column. Nothing is queued; a batch with problems can never
 * be sent (the user uploads the fixed file as a new batch).
 */
export async function checkBulkFile(
  deps: BulkSendDeps,
  user: SessionUser,
  templateId: string,
  bytes: Uint8Array,
): Promise<BulkCheckResult> {
  const template = await deps.source.findTemplate(user, templateId);
  if (!template) throw new AppError('notFound');
  const read = readCsv(bytes);
  const checked: { rows: ReturnType<typeof checkRows>['rows']; problems: BulkProblem[] } = read.ok
    ? checkRows(read.csv, template.roles, deps.maxRows)
    : {
        rows: [],
        problems: [
          {
            Row: 0,
            Column: null,
            Key: read.key,
            ...(read.params ? { Params: read.params } : {}),
            Message: bulkMessageOf(read.key, read.params),
          },
        ],
      };
  const total = read.ok ? read.csv.rows.length : 0;
  const now = deps.clock.now().toISOString();
  const id = randomUUID();
  await deps.db.transaction().execute((trx) =>
    insertBatch(
      trx,
      {
        id,
        template_id: template.id,
        owner_id: user.id,
        status: checked.problems.length > 0 ? 'invalid' : 'checked',
        total,
        problem_count: checked.problems.length,
        created_at: now,
        updated_at: now,
      },
      checked.rows.map((row) => ({
        batch_id: id,
        row_number: row.row,
        people: JSON.stringify(row.people),
        flow_name: row.flowName,
        note: row.note,
        status: 'queued' as const,
        flow_id: null,
        failure: null,
        updated_at: now,
      })),
    ),
  );
  return { BatchId: id, Rows: total, Problems: checked.problems };
}

/** A template the user may use, as the bulk page needs it: its open roles; 404 for any other. */
export async function readBulkTemplate(
  deps: BulkSendDeps,
  user: SessionUser,
  templateId: string,
): Promise<BulkTemplateInfo> {
  const template = await deps.source.findTemplate(user, templateId);
  if (!template) throw new AppError('notFound');
  return {
    TemplateId: template.id,
    Name: template.name,
    Roles: template.roles,
    MaxRows: deps.maxRows,
  };
}

/** A batch of the user's, with its progress; 404 for any other. */
export function readBatch(
  deps: BulkSendDeps,
  user: SessionUser,
  batchId: string,
): Promise<BulkBatch> {
  return presentStored(deps.db, batchId, user);
}

/**
 * Starts sending a clean batch: marks it sending and queues its job in one transaction, so a
 * second send (or one racing a cancel) loses with 409 and nothing is sent twice.
 */
export async function sendBatch(
  deps: BulkSendDeps,
  user: SessionUser,
  batchId: string,
  context: RequestContext,
): Promise<BulkBatch> {
  const batch = await loadOwnedBatch(deps.db, user, batchId);
  if (batch.status === 'invalid')
    throw new AppError('conflict', { key: bulkErrorKeys.hasProblems });
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateBatchStatus(trx, batchId, ['checked'], 'sending', now)))
      throw new AppError('conflict', { key: bulkErrorKeys.notWaiting });
    await enqueueJob(
      trx,
      { kind: bulkSendJob, payload: { batchId }, dedupeKey: bulkSendJobKey(batchId, 'start') },
      now,
    );
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.bulkBatchSent,
        ...context,
        details: { batchId, templateId: batch.template_id, rows: batch.total },
      },
      now,
    );
  });
  deps.kickJobs?.();
  return presentStored(deps.db, batchId, user);
}

/**
 * Cancels a batch not yet sent or being sent: its queued rows are never sent. A row whose
 * flow is being made at that moment finishes (it is sent or fails).
 */
export async function cancelBatch(
  deps: BulkSendDeps,
  user: SessionUser,
  batchId: string,
  context: RequestContext,
): Promise<BulkBatch> {
  await loadOwnedBatch(deps.db, user, batchId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateBatchStatus(trx, batchId, ['checked', 'sending'], 'cancelled', now)))
      throw new AppError('conflict', { key: bulkErrorKeys.notSending });
    const cancelled = await updateRowsInStatus(trx, batchId, 'queued', 'cancelled', now);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.bulkBatchCancelled,
        ...context,
        details: { batchId, cancelled },
      },
      now,
    );
  });
  return presentStored(deps.db, batchId, user);
}
