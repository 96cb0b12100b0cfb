import { createHash, randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Audit operations; the first four are SPEC §3's report labels. */
export const auditOperations = {
  sign: 'Sign',
  rejectSignature: 'RejectSignature',
  loginSuccess: 'User Login Success',
  logoutSuccess: 'User Logout Success',
  loginFailure: 'User Login Failure',
} as const;
export type AuditOperation = (typeof auditOperations)[keyof typeof auditOperations];

export interface AuditEventInput {
  operation: AuditOperation;
  userId?: string | null;
  actor?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

const genesisHash = '0'.repeat(64);

/** The hash that links an event to the one before it; any later change to either breaks the chain. */
export function chainHash(previousHash: string, event: Record<string, unknown>): string {
  return createHash('sha256').update(previousHash).update(JSON.stringify(event)).digest('hex');
}

/**
 * Appends an audit event to the hash chain. Appends are serialised (an advisory lock
 * on PostgreSQL, SQLite's single writer) so the chain never forks.
 */
export async function recordAuditEvent(
  db: Kysely<Database>,
  input: AuditEventInput,
  now: Date = new Date(),
): Promise<void> {
  const append = async (trx: Transaction<Database>) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(7411001)`.execute(trx);
    }
    const last = await trx
      .selectFrom('audit_events')
      .select('hash')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const event = {
      id: randomUUID(),
      occurred_at: now.toISOString(),
      operation: input.operation,
      user_id: input.userId ?? null,
      actor: input.actor ?? null,
      ip: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      details: JSON.stringify(input.details ?? {}),
    };
    const previousHash = last?.hash ?? genesisHash;
    await trx
      .insertInto('audit_events')
      .values({ ...event, previous_hash: previousHash, hash: chainHash(previousHash, event) })
      .execute();
  };
  if (db.isTransaction) await append(db as Transaction<Database>);
  else await db.transaction().execute(append);
}

/** Re-computes the chain; answers the id of the first event that does not fit, or null. */
export async function findBrokenAuditLink(db: Kysely<Database>): Promise<string | null> {
  const rows = await db.selectFrom('audit_events').selectAll().orderBy('seq', 'asc').execute();
  let previousHash = genesisHash;
  for (const row of rows) {
    const event = {
      id: row.id,
      occurred_at: new Date(row.occurred_at).toISOString(),
      operation: row.operation,
      user_id: row.user_id,
      actor: row.actor,
      ip: row.ip,
      user_agent: row.user_agent,
      details: row.details,
    };
    if (row.previous_hash !== previousHash || row.hash !== chainHash(previousHash, event)) {
      return row.id;
    }
    previousHash = row.hash;
  }
  return null;
}
