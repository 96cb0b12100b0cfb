import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { renderMail } from '../mail/templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { NewJob } from '../jobs/enqueue-job.ts';
import { listSigners } from '../signflows/flow-records.ts';
import { days, signingJobs, type SigningDeps } from './signing-deps.ts';
import { findFlow, findOwner, findSigner, markSignerMailed } from './signing.repository.ts';
import { signingLink, signingToken } from './signing-links.ts';
import { signersInTurn } from './signing-turns.ts';

/**
 * Mails a signer their personal link (an invitation, or a reminder). The link is derived
 * here and never stored. Safe to run twice: a signer already invited, or no longer in
 * turn, gets nothing more.
 */
export async function mailSigningLink(
  deps: SigningDeps & { mailer: Mailer },
  signerId: string,
  reminder: boolean,
): Promise<void> {
  const signer = await findSigner(deps.db, signerId);
  const flow = signer && (await findFlow(deps.db, signer.flow_id));
  if (!signer || !flow || !signer.token_salt || flow.status !== 'Sent') return;
  if (signer.status !== 'Unsigned' || (!reminder && signer.invited_at)) return;
  const owner = await findOwner(deps.db, flow.owner_id);
  const token = signingToken(deps.config.sessionSecret, signer.id, signer.token_salt);
  const message = renderMail(reminder ? 'reminder' : 'invitation', flow.language, {
    organisation: owner.organisation ?? deps.config.organizationName,
    senderName: owner.display_name,
    flowName: flow.name,
    note: flow.note,
    deadline: flow.deadline_at ? new Date(flow.deadline_at).toISOString() : null,
    link: signingLink(deps.config.publicUrl, token),
    level: (flow.minimum_signature_level ?? 'Low') as 'Low' | 'Advanced' | 'Qualified',
  });
  await deps.mailer.send({ to: signer.email, ...message });
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await markSignerMailed(trx, signer.id, reminder, now);
    await recordAuditEvent(
      trx,
      {
        operation: reminder ? auditOperations.reminded : auditOperations.mailed,
        flowId: flow.id,
        actor: 'system',
        details: { signerId: signer.id, to: signer.email },
      },
      now,
    );
  });
}

/**
 * The reminder of a flow due at `due`. Its key names that time, so a reminder job that runs
 * twice (its node died after it queued the next) queues the next one only once.
 */
export function reminderJob(flowId: string, due: Date): NewJob {
  return {
    kind: signingJobs.remind,
    payload: { flowId, due: due.toISOString() },
    runAt: due,
    dedupeKey: `remind:${flowId}:${due.getTime()}`,
  };
}

/** Reminds everyone in turn who has not signed, then schedules the next reminder. */
export async function remindSigners(
  deps: SigningDeps & { mailer: Mailer },
  flowId: string,
  due?: string,
) {
  const flow = await findFlow(deps.db, flowId);
  if (!flow || flow.status !== 'Sent' || !flow.reminder_interval_days) return;
  const now = deps.clock.now();
  const signers = await listSigners(deps.db, flow.id);
  for (const signer of signersInTurn(flow, signers)) {
    const last = signer.reminded_at ?? signer.invited_at;
    // A signer invited or reminded less than an interval ago (a retry, or just their turn) waits.
    if (last && now.getTime() - new Date(last).getTime() < days(flow.reminder_interval_days) / 2)
      continue;
    await mailSigningLink(deps, signer.id, true);
  }
  // The next from this one's due time, not from when it ran; one that fell far behind (the
  // portal was down) starts afresh from now.
  const interval = days(flow.reminder_interval_days);
  const following = new Date((due ? Date.parse(due) : now.getTime()) + interval);
  const next = following.getTime() > now.getTime() ? following : new Date(now.getTime() + interval);
  await enqueueJob(deps.db, reminderJob(flow.id, next), now);
}
