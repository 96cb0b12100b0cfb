import type { SignerRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { endSentFlow } from '../signflows/flow-state.ts';
import { listSigners } from '../signflows/flow-records.ts';
import type { RequestContext } from '../http/request-context.ts';
import { days, type SigningDeps } from './signing-deps.ts';
import { findOwner, markSignerRejected } from './signing.repository.ts';
import { assertIdentified, assertOpen, type SignerContext } from './signer-task.service.ts';
import { endSignerSessions } from './signer-session.ts';
import { senderFlowLink } from './signing-addresses.ts';
import { queueFlowEvent } from '../webhooks/webhook-events.ts';

/** Signers who were told about the flow and should hear how it ended. */
export const invitedOthers = (signers: SignerRow[], except?: string) =>
  signers.filter(
    (signer) => signer.invited_at && signer.id !== except && signer.status !== 'Rejected',
  );

/**
 * Rejects for an identified signer: the flow ends Rejected at once, every link stops
 * working, and the sender and the signers already invited are told, with the comment.
 */
export async function rejectAsSigner(
  deps: SigningDeps,
  context: SignerContext,
  comment: string,
  request: RequestContext,
) {
  assertOpen(context);
  assertIdentified(context);
  const { flow, signer } = context;
  const now = deps.clock.now();
  const owner = await findOwner(deps.db, flow.owner_id);
  await deps.db.transaction().execute(async (trx) => {
    const retention = days(deps.config.autoDeleteDays);
    if (!(await endSentFlow(trx, flow.id, { status: 'Rejected' }, now, retention)))
      throw new AppError('conflict');
    await markSignerRejected(trx, signer.id, comment, now);
    await endSignerSessions(trx, signer.id);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.rejectSignature,
        flowId: flow.id,
        ...request,
        details: { signerId: signer.id, comment },
      },
      now,
    );
    await queueFlowEvent(
      trx,
      { type: 'signer.rejected', flowId: flow.id, signerId: signer.id },
      now,
    );
    const signers = await listSigners(trx, flow.id);
    // The sender's copy links to the flow; a signer who is also the sender gets that one.
    const senderLink = senderFlowLink(deps.config.publicUrl, flow.id);
    const recipients = new Map<string, string | null>([[owner.email, senderLink]]);
    for (const other of invitedOthers(signers, signer.id))
      if (!recipients.has(other.email)) recipients.set(other.email, null);
    for (const [to, link] of recipients) {
      await enqueueMail(
        trx,
        {
          to,
          template: 'rejected',
          language: flow.language,
          params: { flowName: flow.name, signerName: signer.name, comment, link },
        },
        now,
      );
    }
  });
  deps.kickJobs?.();
}
