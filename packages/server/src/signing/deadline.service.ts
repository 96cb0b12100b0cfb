import type { SessionUser, RequestContext } from '../http/request-context.ts';
import type { SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { flowConflict } from '../signflows/flow-state.ts';
import { listRecipients, listSigners } from '../signflows/flow-records.ts';
import { deadlineOf, expiryDateOf, expiryDateProblems } from './expiry-date.ts';
import { invitedOthers } from './reject.service.ts';
import { days, type SigningDeps } from './signing-deps.ts';
import { recipientLink } from './signing-addresses.ts';
import { signingLink, signingToken, viewerToken } from './signing-links.ts';
import { moveSentFlowDeadline } from './signing.repository.ts';

/**
 * Moves the deadline of a flow out for signing to the end of a later date (at most
 * SIGNING_DEADLINE_MAX_DAYS ahead), with its deletion date; the change is audited and every
 * invited signer who has not signed, and every viewer (whose link lasts as long), is mailed
 * the new date. A date not later than the
 * current one, past or too far is 400 and changes nothing; a flow no longer out is 409.
 */
export async function extendDeadline(
  deps: SigningDeps,
  user: SessionUser,
  flow: SignFlowRow,
  expiryDate: string,
  context: RequestContext,
): Promise<void> {
  if (flow.status !== 'Sent') throw await flowConflict(deps.db, flow.id);
  const now = deps.clock.now();
  const current = expiryDateOf(deps.config, flow);
  const problems = expiryDateProblems(deps.config, expiryDate, now, current);
  if (problems.length > 0) throw new AppError('validation', { issues: problems });
  const deadline = deadlineOf(deps.config, expiryDate);
  await deps.db.transaction().execute(async (trx) => {
    const moved = await moveSentFlowDeadline(trx, flow.id, now, {
      expiry_date: expiryDate,
      deadline_at: deadline.toISOString(),
      auto_delete_at: new Date(deadline.getTime() + days(deps.config.autoDeleteDays)).toISOString(),
    });
    // Finished, rejected, cancelled or expired since it was read.
    if (!moved) throw await flowConflict(trx, flow.id);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.deadlineExtended,
        flowId: flow.id,
        ...context,
        details: { from: current, to: expiryDate },
      },
      now,
    );
    const signers = await listSigners(trx, flow.id);
    for (const signer of invitedOthers(signers)) {
      if (signer.status === 'Signed' || signer.token_salt === null) continue;
      const token = signingToken(deps.config.sessionSecret, signer.id, signer.token_salt);
      await enqueueMail(
        trx,
        {
          to: signer.email,
          template: 'deadlineExtended',
          language: flow.language,
          params: {
            flowName: flow.name,
            senderName: user.displayName,
            organisation: user.organisation ?? deps.config.organizationName,
            expiryDate,
            link: signingLink(deps.config.publicUrl, token),
          },
        },
        now,
      );
    }
    for (const viewer of await listRecipients(trx, flow.id, 'viewer')) {
      if (viewer.token_salt === null || viewer.token_hash === null) continue;
      const token = viewerToken(deps.config.sessionSecret, viewer.id, viewer.token_salt);
      await enqueueMail(
        trx,
        {
          to: viewer.email,
          template: 'viewerDeadlineExtended',
          language: flow.language,
          params: {
            flowName: flow.name,
            senderName: user.displayName,
            organisation: user.organisation ?? deps.config.organizationName,
            expiryDate,
            link: recipientLink(deps.config.publicUrl, 'viewer', token),
          },
        },
        now,
      );
    }
  });
  deps.kickJobs?.();
}
