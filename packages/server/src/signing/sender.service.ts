import type { FlowEventsResponse } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/session.service.ts';
import type { Database, SignFlowRow } from '../db/schema.ts';
import { auditOperations, findBrokenAuditLink, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { loadVisibleFlow } from '../signflows/signflow-access.ts';
import { listSigners } from '../signflows/signflows.repository.ts';
import type { RequestContext } from './flow-start.service.ts';
import { invitedOthers } from './reject.service.ts';
import { signingJobs, type SigningDeps } from './signing-deps.ts';
import { signingLink, signingToken } from './signing-links.ts';

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
        language: flow.language ?? 'fi',
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

/** Queues completion again for a flow that failed, or that has every signature but no signed file. */
export async function retryCompletionIfStuck(deps: SigningDeps, flow: SignFlowRow) {
  if (flow.status !== 'Error' && flow.status !== 'Sent') return;
  const signers = await listSigners(deps.db, flow.id);
  if (signers.length === 0 || signers.some((signer) => signer.status !== 'Signed')) return;
  await enqueueJob(
    deps.db,
    { kind: signingJobs.complete, payload: { flowId: flow.id }, dedupeKey: `complete:${flow.id}` },
    deps.clock.now(),
  );
  deps.kickJobs?.();
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
