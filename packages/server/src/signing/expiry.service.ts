import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { endSentFlow } from '../signflows/flow-state.ts';
import { listSigners } from '../signflows/flow-records.ts';
import { invitedOthers } from './reject.service.ts';
import { endSignerSessions } from './signer-session.ts';
import { days, type SigningDeps } from './signing-deps.ts';
import { senderFlowLink } from './signing-addresses.ts';
import { findOwner } from './signing.repository.ts';
import { listOverdueFlows } from './scheduled-flows.repository.ts';
import { queueFlowEvent } from '../webhooks/webhook-events.ts';

/**
 * Ends the flows still out for signing whose deadline has passed: each becomes Cancelled
 * (its links stop working, no signed file is made), the signers already invited and the
 * sender are told, and its deletion date is set from now. Answers how many expired.
 */
export async function expireOverdueFlows(deps: SigningDeps, batch = 100): Promise<number> {
  const now = deps.clock.now();
  const due = await listOverdueFlows(deps.db, now, batch);
  let expired = 0;
  for (const flow of due) {
    const owner = await findOwner(deps.db, flow.owner_id);
    const ended = await deps.db.transaction().execute(async (trx) => {
      const retention = days(deps.config.autoDeleteDays);
      if (!(await endSentFlow(trx, flow.id, { status: 'Cancelled', expiry: true }, now, retention)))
        return false;
      const signers = await listSigners(trx, flow.id);
      for (const signer of signers) await endSignerSessions(trx, signer.id);
      const language = flow.language;
      for (const signer of invitedOthers(signers))
        await enqueueMail(
          trx,
          {
            to: signer.email,
            template: 'expired',
            language,
            params: {
              flowName: flow.name,
              senderName: owner.display_name,
              organisation: owner.organisation ?? deps.config.organizationName,
            },
          },
          now,
        );
      const signed = signers.filter((signer) => signer.status === 'Signed').length;
      await enqueueMail(
        trx,
        {
          to: owner.email,
          template: 'expiredSender',
          language,
          params: {
            flowName: flow.name,
            signed,
            total: Math.max(signers.length, 1),
            link: senderFlowLink(deps.config.publicUrl, flow.id),
          },
        },
        now,
      );
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.expired,
          flowId: flow.id,
          actor: 'system',
          details: { deadline: new Date(flow.deadline_at ?? now).toISOString(), signed },
        },
        now,
      );
      await queueFlowEvent(trx, { type: 'signflow.expired', flowId: flow.id }, now);
      return true;
    });
    if (ended) expired += 1;
  }
  if (expired > 0) deps.kickJobs?.();
  return expired;
}
