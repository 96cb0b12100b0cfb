import type { SignFlowStatus } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// The flows signing's recurring jobs look for: overdue, due for deletion, stuck.

/** Flows still out for signing whose deadline is at or before `now`. */
export function listOverdueFlows(db: Kysely<Database>, now: Date, limit: number) {
  return db
    .selectFrom('sign_flows')
    .selectAll()
    .where('status', '=', 'Sent')
    .where('deadline_at', '<=', now.toISOString())
    .limit(limit)
    .execute();
}

/** Flows in one of `statuses` whose auto-delete date is at or before `now`. */
export function listFlowsDueForDeletion(
  db: Kysely<Database>,
  now: Date,
  statuses: readonly SignFlowStatus[],
  limit: number,
) {
  return db
    .selectFrom('sign_flows')
    .select(['id', 'status', 'auto_delete_at'])
    .where('auto_delete_at', '<=', now.toISOString())
    .where('status', 'in', statuses)
    .limit(limit)
    .execute();
}

/** Deletes the flow (signers and file records with it) if it is still in one of `statuses`. */
export async function deleteFlowIn(
  db: Kysely<Database>,
  flowId: string,
  statuses: readonly SignFlowStatus[],
): Promise<boolean> {
  const removed = await db
    .deleteFrom('sign_flows')
    .where('id', '=', flowId)
    .where('status', 'in', statuses)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) === 1;
}

/** Flows still Sent, unchanged since `unchangedSince`, whose every signer has signed. */
export async function listFullySignedSentFlows(
  db: Kysely<Database>,
  unchangedSince: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sign_flows')
    .select('id')
    .where('status', '=', 'Sent')
    .where('updated_at', '<', unchangedSince.toISOString())
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('sign_flow_signers')
            .select('sign_flow_signers.id')
            .whereRef('sign_flow_signers.flow_id', '=', 'sign_flows.id')
            .where('sign_flow_signers.status', '!=', 'Signed'),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
