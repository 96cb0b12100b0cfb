import type { Insertable, Kysely } from 'kysely';
import type {
  BulkBatchesTable,
  BulkBatchRowsTable,
  BulkBatchStatus,
  BulkRowStatus,
  Database,
} from '../db/schema.ts';

/** Rows per insert: well under SQLite's bound-parameter limit whatever the row holds. */
const insertChunk = 200;

export async function insertBatch(
  db: Kysely<Database>,
  batch: Insertable<BulkBatchesTable>,
  rows: Insertable<BulkBatchRowsTable>[],
) {
  await db.insertInto('bulk_batches').values(batch).execute();
  for (let start = 0; start < rows.length; start += insertChunk)
    await db
      .insertInto('bulk_batch_rows')
      .values(rows.slice(start, start + insertChunk))
      .execute();
}

/** The batch if this user owns it. */
export function findOwnedBatch(db: Kysely<Database>, ownerId: string, batchId: string) {
  return db
    .selectFrom('bulk_batches')
    .selectAll()
    .where('id', '=', batchId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export function findBatch(db: Kysely<Database>, batchId: string) {
  return db.selectFrom('bulk_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
}

/** How many of the batch's rows are in each status. */
export async function countRowsByStatus(db: Kysely<Database>, batchId: string) {
  const rows = await db
    .selectFrom('bulk_batch_rows')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

export function listFailedRows(db: Kysely<Database>, batchId: string) {
  return db
    .selectFrom('bulk_batch_rows')
    .select(['row_number', 'failure'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'failed')
    .orderBy('row_number')
    .execute();
}

/** Moves the batch from one status to another; answers whether it was still in the first. */
export async function updateBatchStatus(
  db: Kysely<Database>,
  batchId: string,
  from: BulkBatchStatus[],
  to: BulkBatchStatus,
  now: Date,
) {
  const result = await db
    .updateTable('bulk_batches')
    .set({ status: to, updated_at: now.toISOString() })
    .where('id', '=', batchId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves every row in one status to another (cancel, interrupted); answers how many. */
export async function updateRowsInStatus(
  db: Kysely<Database>,
  batchId: string,
  from: BulkRowStatus,
  to: BulkRowStatus,
  now: Date,
  failure: string | null = null,
) {
  const result = await db
    .updateTable('bulk_batch_rows')
    .set({ status: to, failure, updated_at: now.toISOString() })
    .where('batch_id', '=', batchId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The next queued rows, in order. */
export function listQueuedRows(db: Kysely<Database>, batchId: string, limit: number) {
  return db
    .selectFrom('bulk_batch_rows')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where('status', '=', 'queued')
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/**
 * Moves one row on (queued → sending, sending → sent or failed), guarded by its status now;
 * answers whether it won (a cancel may have taken the queued row first).
 */
export async function moveRow(
  db: Kysely<Database>,
  batchId: string,
  rowNumber: number,
  from: BulkRowStatus,
  values: { status: BulkRowStatus; flow_id?: string; failure?: string },
  now: Date,
) {
  const result = await db
    .updateTable('bulk_batch_rows')
    .set({ ...values, updated_at: now.toISOString() })
    .where('batch_id', '=', batchId)
    .where('row_number', '=', rowNumber)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The batch is done once no row waits or is being sent (guarded: only a sending batch). */
export async function finishBatchIfDone(db: Kysely<Database>, batchId: string, now: Date) {
  const result = await db
    .updateTable('bulk_batches')
    .set({ status: 'done', updated_at: now.toISOString() })
    .where('id', '=', batchId)
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bulk_batch_rows')
            .select('row_number')
            .where('batch_id', '=', batchId)
            .where('status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The owner as a session would read them now: for the job that sends in their name. */
export async function findUserWithGroups(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_group_members', 'user_group_members.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.display_name',
      'users.organisation',
      'users.title',
      'users.is_admin',
      'user_group_members.group_id',
    ])
    .where('users.id', '=', userId)
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  return { ...first, group_ids: rows.flatMap((row) => (row.group_id ? [row.group_id] : [])) };
}
