import type { ResolvedSignFlowListQuery, SignFlowSortColumn } from '@esign/contract';
import { sql, type Insertable, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, SignerRow, SignFlowSignersTable, SignFlowsTable } from '../db/schema.ts';

/** Whose flows a user may see: their own, and those of the groups they belong to. */
export interface FlowAccess {
  userId: string;
  groupIds: string[];
}

function visibleTo<O>(query: SelectQueryBuilder<Database, 'sign_flows', O>, access: FlowAccess) {
  return access.groupIds.length === 0
    ? query.where('sign_flows.owner_id', '=', access.userId)
    : query.where((eb) =>
        eb.or([
          eb('sign_flows.owner_id', '=', access.userId),
          eb('sign_flows.group_id', 'in', access.groupIds),
        ]),
      );
}

const sortColumns: Record<SignFlowSortColumn, keyof SignFlowsTable> = {
  Name: 'name_search',
  Status: 'status',
  CreationDate: 'created_at',
  LastModifiedDate: 'updated_at',
  SentToSignersDate: 'sent_at',
  CancelledDate: 'cancelled_at',
  FinishedDate: 'finished_at',
  RejectedDate: 'rejected_at',
  AutoDeleteDate: 'auto_delete_at',
  ExpiryDate: 'expiry_date',
};

/** Escapes LIKE's wildcards so a search for "50%" means the text itself. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The flows a user may see, searched, filtered and sorted in the database; one page when asked. */
export async function listFlows(
  db: Kysely<Database>,
  access: FlowAccess,
  query: ResolvedSignFlowListQuery,
) {
  let base = visibleTo(db.selectFrom('sign_flows'), access);
  if (query.q !== '') {
    base = base.where(
      sql<boolean>`${sql.ref('name_search')} like ${likePattern(query.q)} escape '\\'`,
    );
  }
  if (query.status !== 'all') base = base.where('status', '=', query.status);
  if (query.batch !== null) {
    const { batch } = query;
    base = base.where('sign_flows.id', 'in', (eb) =>
      eb
        .selectFrom('bulk_batch_rows')
        .select('flow_id')
        .where('batch_id', '=', batch)
        .where('flow_id', 'is not', null),
    );
  }
  const sorted = base
    .selectAll('sign_flows')
    .orderBy(sortColumns[query.sort], (ob) =>
      query.order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
    )
    .orderBy('id', query.order);
  const { paging } = query;
  if (paging === null) {
    const rows = await sorted.execute();
    return { rows, total: rows.length };
  }
  const [rows, count] = await Promise.all([
    sorted
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findVisibleFlow(db: Kysely<Database>, access: FlowAccess, flowId: string) {
  return visibleTo(db.selectFrom('sign_flows'), access)
    .selectAll('sign_flows')
    .where('sign_flows.id', '=', flowId)
    .executeTakeFirst();
}

export function listSigners(db: Kysely<Database>, flowId: string) {
  return db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('flow_id', '=', flowId)
    .orderBy('position')
    .execute();
}

/** Ids per query: well under the bind-parameter limits of SQLite (32766) and PostgreSQL (65535). */
const signerQueryChunk = 1000;

/**
 * The list's view of the signers of many flows, in their order, in one query per thousand
 * flows (one for any page), so that a page of the list costs the same whatever its size.
 */
export async function listSignersOfFlows(db: Kysely<Database>, flowIds: string[]) {
  const rows: Array<Pick<SignerRow, 'flow_id' | 'name' | 'status'>> = [];
  for (let start = 0; start < flowIds.length; start += signerQueryChunk) {
    const chunk = flowIds.slice(start, start + signerQueryChunk);
    rows.push(
      ...(await db
        .selectFrom('sign_flow_signers')
        .select(['flow_id', 'name', 'status'])
        .where('flow_id', 'in', chunk)
        .orderBy('flow_id')
        .orderBy('position')
        .execute()),
    );
  }
  return rows;
}

/** A new draft's row. */
export async function insertFlow(db: Kysely<Database>, row: Insertable<SignFlowsTable>) {
  await db.insertInto('sign_flows').values(row).execute();
}

/** Deletes a flow; its signers and file records go with it (foreign keys cascade). */
export async function deleteFlow(db: Kysely<Database>, flowId: string) {
  await db.deleteFrom('sign_flows').where('id', '=', flowId).execute();
}

/** Notes when the sender last asked for the flow's state. */
export async function markStatusQueried(db: Kysely<Database>, flowId: string, at: Date) {
  await db
    .updateTable('sign_flows')
    .set({ last_status_query_at: at.toISOString() })
    .where('id', '=', flowId)
    .execute();
}

export async function deleteSigners(db: Kysely<Database>, flowId: string) {
  await db.deleteFrom('sign_flow_signers').where('flow_id', '=', flowId).execute();
}

export async function insertSigners(
  db: Kysely<Database>,
  signers: Insertable<SignFlowSignersTable>[],
) {
  if (signers.length === 0) return;
  await db.insertInto('sign_flow_signers').values(signers).execute();
}

/** Whether a group of this id exists (the draft's Role must name one). */
export async function groupExists(db: Kysely<Database>, groupId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .select('id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row !== undefined;
}
