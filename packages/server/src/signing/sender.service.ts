import type { FlowEventsResponse } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { Database, SignFlowRow } from '../db/schema.ts';
import { auditOperations, findBrokenAuditLink, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { enqueueJob, runQueuedJobNow } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { loadVisibleFlow } from '../signflows/signflow-access.ts';
import { moveFlow } from '../signflows/flow-state.ts';
import { listSigners } from '../signflows/flow-records.ts';
import { invitedOthers } from './reject.service.ts';
import { signingJobs, type SigningDeps } from './signing-deps.ts';
import { signingLink, signingToken } from './signing-links.ts';
import { signersInTurn } from './signing-turns.ts';

/** In the cancel's transaction: the audit event, and a notice to every signer already invited. */
export async function notifyCancelled(
  trx: Kysely<Database>,
  deps: SigningDeps,
  flow: SignFlowRow,
  user: SessionUser,
  comment: string,
  context: RequestContext,
  now: Date,
) {
  await recordAuditEvent(
    trx,
    { operation: auditOperations.cancelled, flowId: flow.id, ...context, details: { comment } },
    now,
  );
  const signers = await listSigners(trx, flow.id);
  for (const signer of invitedOthers(signers)) {
    await enqueueMail(
      trx,
      {
        to: signer.email,
        template: 'cancelled',
        language: flow.language,
        params: {
          flowName: flow.name,
          senderName: user.displayName,
          organisation: user.organisation ?? deps.config.organizationName,
          comment: comment || null,
        },
      },
      now,
    );
  }
}

const completionKey = (flowId: string) => `complete:${flowId}`;

/** Queues the completion of a flow whose signers all signed; once, however often asked. */
function queueCompletion(deps: SigningDeps, flowId: string, now: Date) {
  return enqueueJob(
    deps.db,
    { kind: signingJobs.complete, payload: { flowId }, dedupeKey: completionKey(flowId) },
    now,
  );
}

/**
 * The sender's status check: a flow whose signers all signed gets its completion run now
 * (queued again when it failed; a retry's wait or a dead node's claim cut short); a flow
 * that failed before that (an invitation that could not be mailed) goes back out, and those
 * in turn who were never reached are invited again. A flow never stays stuck.
 */
export async function retryStuckFlow(
  deps: SigningDeps,
  flow: SignFlowRow,
  context: RequestContext,
) {
  if (flow.status !== 'Error' && flow.status !== 'Sent') return;
  const signers = await listSigners(deps.db, flow.id);
  if (signers.length === 0) return;
  const now = deps.clock.now();
  if (signers.every((signer) => signer.status === 'Signed')) {
    await queueCompletion(deps, flow.id, now);
    // A completion already queued runs now: its retry wait is cut short, and a claim by a
    // node that died (no heartbeat) does not wait out its lock.
    const liveSince = new Date(now.getTime() - deps.config.heartbeatTimeoutMs);
    await runQueuedJobNow(deps.db, completionKey(flow.id), { now, liveSince });
  } else if (flow.status === 'Error') {
    await deps.db.transaction().execute(async (trx) => {
      const resumed = await moveFlow(trx, flow.id, 'resume', now, { failure_reason: null });
      if (!resumed) return;
      const unreached = signersInTurn(flow, signers).filter((signer) => !signer.invited_at);
      for (const signer of unreached)
        await enqueueJob(
          trx,
          { kind: signingJobs.invite, payload: { signerId: signer.id, reminder: false } },
          now,
        );
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.resumed,
          flowId: flow.id,
          ...context,
          details: { invited: unreached.length },
        },
        now,
      );
    });
  } else return;
  deps.kickJobs?.();
}

/**
 * The status check that needs no sender: flows still Sent whose signers all signed more than
 * `graceMs` ago (a completion that was lost, say when marking it failed failed too) get
 * completion queued again. Answers how many.
 */
export async function queueStuckCompletions(deps: SigningDeps, graceMs: number): Promise<number> {
  const now = deps.clock.now();
  const stuck = await deps.db
    .selectFrom('sign_flows')
    .select('id')
    .where('status', '=', 'Sent')
    .where('updated_at', '<', new Date(now.getTime() - graceMs).toISOString())
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
    .limit(100)
    .execute();
  for (const flow of stuck) await queueCompletion(deps, flow.id, now);
  if (stuck.length > 0) deps.kickJobs?.();
  return stuck.length;
}

/** A signer's personal link, for the flow's owner (or group member) once the flow was sent. */
export async function signingUrlFor(
  deps: SigningDeps,
  user: SessionUser,
  flowId: string,
  signerId: string,
): Promise<string> {
  await loadVisibleFlow(deps.db, user, flowId);
  const signer = await deps.db
    .selectFrom('sign_flow_signers')
    .select(['id', 'token_salt'])
    .where('id', '=', signerId)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
  if (!signer?.token_salt) throw new AppError('notFound');
  return signingLink(
    deps.config.publicUrl,
    signingToken(deps.config.sessionSecret, signer.id, signer.token_salt),
  );
}

/** The flow's audit trail, oldest first, and whether its hash chain is whole. */
export async function flowEvents(
  deps: SigningDeps,
  user: SessionUser,
  flowId: string,
): Promise<FlowEventsResponse> {
  await loadVisibleFlow(deps.db, user, flowId);
  const rows = await deps.db
    .selectFrom('audit_events')
    .selectAll()
    .where('flow_id', '=', flowId)
    .orderBy('seq', 'asc')
    .execute();
  return {
    Events: rows.map((row) => ({
      Id: row.id,
      Time: new Date(row.occurred_at).toISOString(),
      Operation: row.operation,
      Actor: row.actor,
      Ip: row.ip,
      UserAgent: row.user_agent,
      Details: JSON.parse(row.details) as Record<string, unknown>,
    })),
    ChainIntact: (await findBrokenAuditLink(deps.db, flowId)) === null,
  };
}
