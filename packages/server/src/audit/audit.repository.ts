import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import type { AuditEventsTable, Database } from '../db/schema.ts';

/**
 * Holds one audit chain (the flow's, or the portal's without a flow) for the rest of the
 * caller's transaction: an advisory lock of that chain alone on PostgreSQL, so appends to
 * different chains do not wait for each other; SQLite runs one writer at a time already.
 */
export async function lockAuditChain(trx: Kysely<Database>, flowId: string | null) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // The audit lock space (7411001) and the chain's key hashed.
    await sql`select pg_advisory_xact_lock(7411001, hashtext(${flowId ?? 'portal'}))`.execute(trx);
  }
}

/** The hash of the last event of a chain (the flow's, or the portal's without a flow). */
export async function findLastHash(trx: Kysely<Database>, flowId: string | null) {
  const last = await trx
    .selectFrom('audit_events')
    .select('hash')
    .where((eb) => (flowId ? eb('flow_id', '=', flowId) : eb('flow_id', 'is', null)))
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.hash;
}

export async function insertAuditEvent(trx: Kysely<Database>, row: Insertable<AuditEventsTable>) {
  await trx.insertInto('audit_events').values(row).execute();
}

/** A chain's events (the flow's, or the portal's without a flow), oldest first. */
export function listAuditEvents(db: Kysely<Database>, flowId: string | null) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where((eb) => (flowId ? eb('flow_id', '=', flowId) : eb('flow_id', 'is', null)))
    .orderBy('seq', 'asc')
    .execute();
}

/** Every chain there is: the flows that have events, and null for the portal's own. */
export async function listAuditChains(db: Kysely<Database>): Promise<Array<string | null>> {
  const rows = await db.selectFrom('audit_events').select('flow_id').distinct().execute();
  return rows.map((row) => row.flow_id);
}

/** Whether the flow has an event of this operation about this signer after `since`. */
/** How many events of this operation a signer has in their flow's chain. */
export async function countSignerEvents(
  db: Kysely<Database>,
  event: { flowId: string; signerId: string; operation: string },
): Promise<number> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('signer_id', '=', event.signerId)
    .where('operation', '=', event.operation)
    .where('flow_id', '=', event.flowId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function hasSignerEventSince(
  db: Kysely<Database>,
  event: { flowId: string; signerId: string; operation: string; since: Date },
): Promise<boolean> {
  const found = await db
    .selectFrom('audit_events')
    .select('id')
    .where('signer_id', '=', event.signerId)
    .where('operation', '=', event.operation)
    .where('occurred_at', '>', event.since.toISOString())
    .where('flow_id', '=', event.flowId)
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * The event that ended a Cancelled flow (a cancel or its expiry), with the name of the user
 * who cancelled it when the portal knows them.
 */
export function findFlowEndEvent(db: Kysely<Database>, flowId: string) {
  return db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.user_id')
    .select([
      'audit_events.operation',
      'audit_events.actor',
      'audit_events.occurred_at',
      'users.display_name',
    ])
    .where('audit_events.flow_id', '=', flowId)
    .where('audit_events.operation', 'in', ['Cancelled', 'Expired'])
    .orderBy('audit_events.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}
