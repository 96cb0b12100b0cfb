import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { loadPendingSigner } from './pending-signer.ts';
import { lockSignerLink, unlockSignerLink } from './signer-code.repository.ts';
import { senderFlowLink } from './signing-addresses.ts';
import { signingLink, signingToken } from './signing-links.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findOwner } from './signing.repository.ts';
import type { SignerContext } from './signer-task.service.ts';

/** Why a link was locked: too many codes asked for, or too many entered wrong. */
export type LockReason = 'codesSent' | 'codeFailures';

/**
 * Locks a signer's link after too many e-mail codes: no code is sent or accepted until the
 * sender unlocks it. The first request to lock it records the event and tells the sender.
 */
export async function lockLink(
  deps: SigningDeps,
  context: SignerContext,
  reason: LockReason,
  request: RequestContext,
) {
  const { signer, flow } = context;
  const now = deps.clock.now();
  const owner = await findOwner(deps.db, flow.owner_id);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockSignerLink(trx, signer.id, now))) return;
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.linkLocked,
        flowId: flow.id,
        ...request,
        details: { signerId: signer.id, reason },
      },
      now,
    );
    await enqueueMail(
      trx,
      {
        to: owner.email,
        template: 'linkLocked',
        language: flow.language,
        params: {
          flowName: flow.name,
          signerName: signer.name,
          signerEmail: signer.email,
          link: senderFlowLink(deps.config.publicUrl, flow.id),
        },
      },
      now,
    );
  });
  deps.kickJobs?.();
}

/**
 * The sender opens a signer's locked link again, with a fresh allowance of codes and tries;
 * the signer is mailed their link. Only while the flow is out for signing and the signer has
 * not signed: otherwise 409 with the flow's state. A link that is not locked is 409 too.
 */
export async function unlockLink(
  deps: SigningDeps,
  user: SessionUser,
  flowId: string,
  signerId: string,
  request: RequestContext,
): Promise<void> {
  const { flow, signer, current } = await loadPendingSigner(deps, user, flowId, signerId);
  const now = deps.clock.now();
  const unlocked = await deps.db.transaction().execute(async (trx) => {
    if (!(await unlockSignerLink(trx, signer.id))) return false;
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.linkUnlocked,
        flowId: flow.id,
        userId: user.id,
        ...request,
        details: { signerId: signer.id },
      },
      now,
    );
    if (signer.token_salt !== null) {
      const token = signingToken(deps.config.sessionSecret, signer.id, signer.token_salt);
      await enqueueMail(
        trx,
        {
          to: signer.email,
          template: 'linkUnlocked',
          language: flow.language,
          params: {
            flowName: flow.name,
            senderName: user.displayName,
            link: signingLink(deps.config.publicUrl, token),
          },
        },
        now,
      );
    }
    return true;
  });
  if (!unlocked) throw new AppError('conflict', { current });
  deps.kickJobs?.();
}
