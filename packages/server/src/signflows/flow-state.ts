import {
  signFlowDetailsStatusOf,
  validationKeys,
  type SignFlowState,
  type SignFlowStatus,
} from '@esign/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, SignFlowsTable } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';

/*
 * The one place a sign flow's status changes. Every change is a guarded update (the flow
 * must still be in a state the change starts from) that reports whether it won; a caller
 * that lost acts on that — it writes nothing more, and a request answers 409 with the flow's
 * state now (flowConflict), never a state it assumed.
 */

/** Every change of status a flow can make, and the states each starts from. */
export const flowTransitions = {
  /** The sender sends a complete draft. */
  send: { from: ['Draft'], to: 'Sent' },
  /** The last signature is in and the document is completed (also after an error). */
  finish: { from: ['Sent', 'Error'], to: 'Finished' },
  /** A step gave up after its last retry (completion, an invitation). */
  fail: { from: ['Sent'], to: 'Error' },
  /** The sender's status check sends a failed flow out again. */
  resume: { from: ['Error'], to: 'Sent' },
  /** A signer rejects. */
  reject: { from: ['Sent'], to: 'Rejected' },
  /** The sender cancels, or the deadline passes. */
  cancel: { from: ['Sent'], to: 'Cancelled' },
} as const satisfies Record<string, { from: readonly SignFlowStatus[]; to: SignFlowStatus }>;
export type FlowTransition = keyof typeof flowTransitions;

/** States out of the signers' hands for good: nothing more happens to such a flow but deletion. */
export const endedStatuses = [
  'Finished',
  'Rejected',
  'Cancelled',
  'Error',
] as const satisfies readonly SignFlowStatus[];
/** A draft or an ended flow can be deleted; a flow out for signing must be cancelled first. */
export const deletableStatuses = ['Draft', ...endedStatuses] as const;
export const isDeletable = (status: SignFlowStatus) =>
  (deletableStatuses as readonly SignFlowStatus[]).includes(status);

/** What a transition may set beside the status and the time of the change. */
type TransitionFields = Omit<Updateable<SignFlowsTable>, 'id' | 'status' | 'updated_at'>;

/**
 * Moves the flow from one of the transition's starting states to its target, setting the
 * given fields with it, in the caller's transaction (or alone). Answers whether it won: false
 * when the flow was not (any longer) in a starting state, and then nothing was written.
 */
export async function moveFlow(
  db: Kysely<Database>,
  flowId: string,
  transition: FlowTransition,
  now: Date,
  fields: TransitionFields = {},
  guard: { deadlinePassed?: boolean } = {},
): Promise<boolean> {
  const { from, to } = flowTransitions[transition];
  const updated = await db
    .updateTable('sign_flows')
    .set({ ...fields, status: to, updated_at: now.toISOString() })
    .where('id', '=', flowId)
    .where('status', 'in', from)
    // An expiry loses to an extension that moved the deadline after the flow was found overdue.
    .$if(guard.deadlinePassed === true, (query) =>
      query.where('deadline_at', '<=', now.toISOString()),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Ends a flow that is out for signing, in the caller's transaction: Rejected (by a signer) or
 * Cancelled (by its sender, or its deadline: then only while the deadline is still past), dated
 * now, to be deleted a retention period later. Answers false when the flow was no longer out
 * (another ending won) or, for an expiry, its deadline was extended meanwhile.
 */
export async function endSentFlow(
  trx: Kysely<Database>,
  flowId: string,
  ending: { status: 'Rejected' | 'Cancelled'; comment?: string | null; expiry?: boolean },
  now: Date,
  retentionMs: number,
): Promise<boolean> {
  const at = now.toISOString();
  return moveFlow(
    trx,
    flowId,
    ending.status === 'Rejected' ? 'reject' : 'cancel',
    now,
    {
      ...(ending.status === 'Rejected' ? { rejected_at: at } : { cancelled_at: at }),
      ...(ending.comment !== undefined ? { cancellation_comment: ending.comment } : {}),
      auto_delete_at: new Date(now.getTime() + retentionMs).toISOString(),
    },
    { deadlinePassed: ending.expiry === true },
  );
}

/**
 * A write to a draft (its fields, signers or files), guarded like a transition: it sets the
 * given fields only while the flow is a draft and answers whether it still was. Called first
 * in the transaction that writes the rest, it also holds the flow's row, so a send cannot
 * slip in between on PostgreSQL (SQLite runs one writer at a time).
 */
export async function updateDraft(
  db: Kysely<Database>,
  flowId: string,
  now: Date,
  fields: Omit<Updateable<SignFlowsTable>, 'id' | 'status'> = {},
): Promise<boolean> {
  const updated = await db
    .updateTable('sign_flows')
    .set({ updated_at: now.toISOString(), ...fields })
    .where('id', '=', flowId)
    .where('status', '=', 'Draft')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The flow's state as the API shows it. */
export function flowStateOf(flow: { id: string; status: SignFlowStatus }): SignFlowState {
  return {
    Guid: flow.id,
    Status: flow.status,
    SignFlowDetailsStatus: signFlowDetailsStatusOf(flow.status),
  };
}

/**
 * The 409 for a request that lost a race with another change of the flow (or asked for a
 * change its state does not allow): the flow's state as it is now, read afresh.
 */
export async function flowConflict(db: Kysely<Database>, flowId: string): Promise<AppError> {
  const now = await db
    .selectFrom('sign_flows')
    .select(['id', 'status'])
    .where('id', '=', flowId)
    .executeTakeFirst();
  if (!now) return new AppError('notFound');
  return new AppError('conflict', {
    issues: [{ path: 'Status', key: validationKeys.notEditable }],
    current: flowStateOf(now),
  });
}
