import { signingErrorKeys } from '@esign/contract';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { loadPendingSigner } from './pending-signer.ts';
import { signingLink, signingToken } from './signing-links.ts';
import type { SigningDeps } from './signing-deps.ts';
import { claimSignerReminder, findOwner } from './signing.repository.ts';

/** A signer is reminded at most this often, whoever asks (the sender, or the reminder job). */
export const reminderSpacingMs = 3_600_000;

/**
 * The sender mails a signer a reminder now, with their link: only while the flow is out for
 * signing and the signer was invited and has not signed (otherwise 409 with the flow's
 * state), and not within an hour of the last reminder (429). Audited as 'Reminded'.
 */
export async function remindSignerNow(
  deps: SigningDeps,
  user: SessionUser,
  flowId: string,
  signerId: string,
  request: RequestContext,
): Promise<void> {
  const { flow, signer, current } = await loadPendingSigner(deps, user, flowId, signerId);
  if (signer.invited_at === null || signer.token_salt === null)
    throw new AppError('conflict', { current });
  const now = deps.clock.now();
  const remindedRecently = () =>
    new AppError('tooManyRequests', { key: signingErrorKeys.remindedRecently });
  const last = signer.reminded_at === null ? null : new Date(signer.reminded_at).getTime();
  if (last !== null && now.getTime() - last < reminderSpacingMs) throw remindedRecently();
  const owner = await findOwner(deps.db, flow.owner_id);
  const token = signingToken(deps.config.sessionSecret, signer.id, signer.token_salt);
  const claimed = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimSignerReminder(trx, signer, now))) return false;
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.reminded,
        flowId: flow.id,
        ...request,
        details: { signerId: signer.id, to: signer.email },
      },
      now,
    );
    await enqueueMail(
      trx,
      {
        to: signer.email,
        template: 'reminder',
        language: flow.language,
        params: {
          organisation: owner.organisation ?? deps.config.organizationName,
          senderName: owner.display_name,
          flowName: flow.name,
          note: flow.note,
          deadline: flow.deadline_at ? new Date(flow.deadline_at).toISOString() : null,
          link: signingLink(deps.config.publicUrl, token),
          level: flow.minimum_signature_level ?? 'Low',
        },
      },
      now,
    );
    return true;
  });
  // Another request reminded the signer between the read and the claim.
  if (!claimed) throw remindedRecently();
  deps.kickJobs?.();
}
