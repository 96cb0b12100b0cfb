import type { FlowEventsResponse } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { RequestContext, RequestMeta, SessionUser } from '../http/request-context.ts';
import type { Database, SignFlowRow } from '../db/schema.ts';
import { auditOperations, findBrokenAuditLink, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { enqueueJob, runQueuedJobNow } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { loadVisibleFlow } from '../signflows/signflow-access.ts';
import { moveFlow } from '../signflows/flow-state.ts';
import { listFiles, listSigners } from '../signflows/flow-records.ts';
import { listAuditEvents } from '../audit/audit.repository.ts';
import { presentFlowEvents } from './flow-events.presenter.ts';
import { listFullySignedSentFlows } from './scheduled-flows.repository.ts';
import { findSignerLinkSalt } from './signing.repository.ts';
import { invitedOthers } from './reject.service.ts';
import { signingJobs, type SigningDeps } from './signing-deps.ts';
import { inspectorToken, sameToken, signingLink, signingToken } from './signing-links.ts';
import { signersInTurn } from './signing-turns.ts';
import { queueFlowEvent } from '../webhooks/webhook-events.ts';

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
  await queueFlowEvent(trx, { type: 'signflow.cancelled', flowId: flow.id }, now);
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
  const stuck = await listFullySignedSentFlows(deps.db, new Date(now.getTime() - graceMs), 100);
  for (const flowId of stuck) await queueCompletion(deps, flowId, now);
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
  const signer = await findSignerLinkSalt(deps.db, flowId, signerId);
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
  const rows = await listAuditEvents(deps.db, flowId);
  return presentFlowEvents(rows, (await findBrokenAuditLink(deps.db, flowId)) === null);
}

/**
 * The inspector's read-only link: the flow's signed file, for a token only the inspector's
 * mail carries; every download is audited. Any other token, or no signed file yet, is 404.
 */
export async function findInspectorFile(
  deps: SigningDeps,
  flowId: string,
  token: string,
  request: RequestMeta,
) {
  if (!sameToken(token, inspectorToken(deps.config.sessionSecret, flowId)))
    throw new AppError('notFound');
  const [signed] = await listFiles(deps.db, flowId, 'signedfile');
  if (!signed) throw new AppError('notFound');
  await recordAuditEvent(
    deps.db,
    {
      operation: auditOperations.downloaded,
      flowId,
      actor: 'inspector',
      ...request,
      details: { kind: 'signedfile' },
    },
    deps.clock.now(),
  );
  return signed;
}
