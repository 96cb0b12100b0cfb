import { z } from 'zod';
import type { JobWorker } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailMaxAttempts } from '../mail/mail-job.ts';
import { sweepPendingFileDeletions } from '../files/stored-objects.ts';
import { archiveRenewalsCounter } from '../metrics/process-metrics.ts';
import { queueDueRenewals, renewArchiveTimestamp } from './archive-renewal.service.ts';
import { deleteExpiredFlows } from './auto-delete.service.ts';
import { expireOverdueFlows } from './expiry.service.ts';
import { completeFlow, markFlowFailed } from './completion.service.ts';
import { mailSigningLink, remindSigners } from './invitations.service.ts';
import { signingJobs, type SigningDeps } from './signing-deps.ts';
import { findSigner } from './signing.repository.ts';
import { queueStuckCompletions } from './sender.service.ts';
import { mailSignedCopy } from './signed-copy.service.ts';
import { mailRecipientCopy, mailRecipientSent } from './recipient-mail.service.ts';

const InvitePayload = z.object({ signerId: z.string(), reminder: z.boolean() });
const FlowPayload = z.object({ flowId: z.string() });
const SignerPayload = z.object({ signerId: z.string() });
const RecipientPayload = z.object({ recipientId: z.string() });
const FilePayload = z.object({ fileId: z.string() });
// Reminders queued before their due time was carried have none.
const ReminderPayload = FlowPayload.extend({ due: z.string().optional() });

export const completionAttempts = 6;
export const invitationAttempts = 12;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A flow whose signers all signed this long ago without finishing is taken up again. */
const stuckAfterMs = 15 * 60_000;

/** The signing side's background work; every handler is safe to run more than once. */
export function registerSigningJobs(worker: JobWorker, deps: SigningDeps & { mailer: Mailer }) {
  worker.register(
    signingJobs.invite,
    async (payload) => {
      const { signerId, reminder } = InvitePayload.parse(payload);
      await mailSigningLink(deps, signerId, reminder);
    },
    {
      maxAttempts: invitationAttempts,
      // An invitation that cannot be mailed (about five hours of retries) fails the flow
      // visibly; the sender's check sends it out again. A reminder just waits for the next.
      onGiveUp: async (payload, error) => {
        const { signerId, reminder } = InvitePayload.parse(payload);
        if (reminder) throw error;
        const signer = await findSigner(deps.db, signerId);
        if (!signer) return;
        await markFlowFailed(
          deps,
          signer.flow_id,
          `The invitation to ${signer.email} could not be mailed: ${reasonOf(error)}`,
        );
      },
    },
  );
  worker.register(signingJobs.remind, async (payload) => {
    const { flowId, due } = ReminderPayload.parse(payload);
    await remindSigners(deps, flowId, due);
  });
  worker.register(
    signingJobs.complete,
    async (payload) => {
      await completeFlow(deps, FlowPayload.parse(payload).flowId);
    },
    {
      maxAttempts: completionAttempts,
      // The last attempt leaves the flow visibly failed; the sender's check queues it again.
      onGiveUp: async (payload, error) => {
        await markFlowFailed(deps, FlowPayload.parse(payload).flowId, reasonOf(error));
      },
    },
  );
  worker.register(
    signingJobs.signedCopy,
    async (payload) => {
      await mailSignedCopy(deps, SignerPayload.parse(payload).signerId);
    },
    // As long as any mail: an SMTP outage of some hours loses no signer their copy.
    { maxAttempts: mailMaxAttempts },
  );
  // A copy recipient's or viewer's mail: retried as long as any mail; it never fails the flow.
  worker.register(
    signingJobs.recipientSent,
    async (payload) => {
      await mailRecipientSent(deps, RecipientPayload.parse(payload).recipientId);
    },
    { maxAttempts: mailMaxAttempts },
  );
  worker.register(
    signingJobs.recipientCopy,
    async (payload) => {
      await mailRecipientCopy(deps, RecipientPayload.parse(payload).recipientId);
    },
    { maxAttempts: mailMaxAttempts },
  );
  worker.register(signingJobs.autoDelete, async () => {
    await deleteExpiredFlows(deps);
  });
  worker.every(signingJobs.autoDelete, hourMs);
  worker.register(signingJobs.expire, async () => {
    await expireOverdueFlows(deps);
  });
  worker.every(signingJobs.expire, hourMs);
  worker.register(signingJobs.statusCheck, async () => {
    await queueStuckCompletions(deps, stuckAfterMs);
  });
  worker.every(signingJobs.statusCheck, stuckAfterMs);
  worker.register(signingJobs.archiveScan, async () => {
    await queueDueRenewals(deps);
  });
  worker.every(signingJobs.archiveScan, dayMs);
  // Retried with the queue's backoff (8 attempts, some hours); a job that gives up stays
  // failed for an operator, and the next day's scan queues the file again.
  worker.register(signingJobs.archiveRenew, async (payload) => {
    try {
      await renewArchiveTimestamp(deps, FilePayload.parse(payload).fileId);
    } catch (error) {
      archiveRenewalsCounter.inc({ outcome: 'failed' });
      throw error;
    }
  });
  worker.register(signingJobs.sweepFiles, async (_payload, context) => {
    await sweepPendingFileDeletions(deps.db, deps.storage, context.now);
  });
  worker.every(signingJobs.sweepFiles, hourMs);
}
