import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  findLastHash,
  insertAuditEvent,
  listAuditChains,
  listAuditEvents,
  lockAuditChain,
} from './audit.repository.ts';

/** Audit operations; the first four are SPEC §3's report labels. */
export const auditOperations = {
  sign: 'Sign',
  rejectSignature: 'RejectSignature',
  loginSuccess: 'User Login Success',
  logoutSuccess: 'User Logout Success',
  loginFailure: 'User Login Failure',
  sent: 'Sent',
  mailed: 'Mailed',
  opened: 'Opened',
  authenticated: 'Authenticated',
  authenticationFailed: 'Authentication Failed',
  reminded: 'Reminded',
  cancelled: 'Cancelled',
  finished: 'Finished',
  failed: 'Failed',
  resumed: 'Resumed',
  expired: 'Expired',
  deadlineExtended: 'Deadline Extended',
  downloaded: 'Downloaded',
  deleted: 'Deleted',
  archiveRenewed: 'Archive Time Stamp Renewed',
  personalDataQuery: 'Personal Data Query',
  linkLocked: 'Link Locked',
  linkUnlocked: 'Link Unlocked',
  passwordChanged: 'Password Changed',
  accountCreated: 'Account Created',
  accountRemoved: 'Account Removed',
  apiTokenCreated: 'API Token Created',
  apiTokenRevoked: 'API Token Revoked',
  apiTokenNewAddress: 'API Token Used From New Address',
  webhookCreated: 'Webhook Created',
  webhookChanged: 'Webhook Changed',
  webhookDeleted: 'Webhook Deleted',
  webhookDisabled: 'Webhook Disabled',
  bulkBatchSent: 'Bulk Batch Sent',
  bulkBatchCancelled: 'Bulk Batch Cancelled',
  templateCreated: 'Template Created',
  templateChanged: 'Template Changed',
  templateDeleted: 'Template Deleted',
} as const;
export type AuditOperation = (typeof auditOperations)[keyof typeof auditOperations];

export interface AuditEventInput {
  operation: AuditOperation;
  userId?: string | null;
  actor?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
  /** The flow whose own chain the event joins; without it, the portal's chain. */
  flowId?: string | null;
}

const genesisHash = '0'.repeat(64);

/** The hash that links an event to the one before it; any later change to either breaks the chain. */
export function chainHash(previousHash: string, event: Record<string, unknown>): string {
  return createHash('sha256').update(previousHash).update(JSON.stringify(event)).digest('hex');
}

/** The signer an event is about, kept beside the details so it can be looked up. */
const signerIdOf = (details: AuditEventInput['details']) =>
  typeof details?.signerId === 'string' ? details.signerId : null;

/**
 * Appends an audit event to its chain: the flow's own chain when it names a flow, else
 * the portal's. Appends to one chain are serialised so that it never forks — on PostgreSQL by
 * an advisory lock of that chain alone (appends to different flows' chains do not wait for
 * each other), on SQLite by its single writer. `now` is the caller's clock.
 */
export async function recordAuditEvent(
  db: Kysely<Database>,
  input: AuditEventInput,
  now: Date,
): Promise<void> {
  const append = async (trx: Transaction<Database>) => {
    const flowId = input.flowId ?? null;
    await lockAuditChain(trx, flowId);
    const lastHash = await findLastHash(trx, flowId);
    const event = {
      id: randomUUID(),
      occurred_at: now.toISOString(),
      operation: input.operation,
      user_id: input.userId ?? null,
      actor: input.actor ?? null,
      ip: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      details: JSON.stringify(input.details ?? {}),
      ...(flowId ? { flow_id: flowId } : {}),
    };
    const previousHash = lastHash ?? genesisHash;
    await insertAuditEvent(trx, {
      ...event,
      flow_id: flowId,
      signer_id: signerIdOf(input.details),
      previous_hash: previousHash,
      hash: chainHash(previousHash, event),
    });
  };
  if (db.isTransaction) await append(db as Transaction<Database>);
  else await db.transaction().execute(append);
}

/**
 * Re-computes a chain (the flow's, or the portal's without a flow); answers the id of the
 * first event that does not fit, or null.
 */
export async function findBrokenAuditLink(
  db: Kysely<Database>,
  flowId: string | null = null,
): Promise<string | null> {
  const rows = await listAuditEvents(db, flowId);
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
      ...(row.flow_id ? { flow_id: row.flow_id } : {}),
    };
    if (row.previous_hash !== previousHash || row.hash !== chainHash(previousHash, event)) {
      return row.id;
    }
    previousHash = row.hash;
  }
  return null;
}

/** Re-checks every chain (each flow's and the portal's): how many hold, and where the others break. */
export async function verifyAuditChains(
  db: Kysely<Database>,
): Promise<{ verified: number; broken: string[] }> {
  const chains = await listAuditChains(db);
  const broken: string[] = [];
  for (const flowId of chains) {
    const first = await findBrokenAuditLink(db, flowId);
    if (first) broken.push(`${flowId ?? 'portal'}: event ${first}`);
  }
  return { verified: chains.length - broken.length, broken };
}
