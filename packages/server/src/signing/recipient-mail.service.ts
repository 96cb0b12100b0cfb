import type { Kysely } from 'kysely';
import type { Database, RecipientRow, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { cleanFileName } from '../files/file-name.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';
import {
  findRecipient,
  listFiles,
  listRecipients,
  markRecipientNotified,
  setRecipientLink,
} from '../signflows/flow-records.ts';
import { days, signingJobs, type SigningDeps } from './signing-deps.ts';
import { findFlow, findOwner } from './signing.repository.ts';
import { recipientLink, verifyPageLink } from './signing-addresses.ts';
import { copyRecipientToken, hashToken, newLinkSalt, viewerToken } from './signing-links.ts';
import { copyLinkWorksUntil } from './recipient-links.ts';

// A flow's copy recipients and viewers hear of it twice at most: when it is sent (both), and
// when it finishes (copy recipients: the signed document and its evidence report). Their links
// are derived like the signers' (a salt under the server's secret) and only their hashes kept.

/** In the sending transaction: every recipient's salt, a viewer's live link, and their mails. */
export async function issueRecipientLinks(
  trx: Kysely<Database>,
  deps: SigningDeps,
  flowId: string,
  now: Date,
) {
  for (const recipient of await listRecipients(trx, flowId)) {
    const salt = newLinkSalt();
    const hash =
      recipient.kind === 'viewer'
        ? hashToken(viewerToken(deps.config.sessionSecret, recipient.id, salt))
        : null;
    await setRecipientLink(trx, recipient.id, { salt, hash, expiresAt: null });
    await enqueueJob(
      trx,
      {
        kind: signingJobs.recipientSent,
        payload: { recipientId: recipient.id },
        dedupeKey: `recipient-sent:${recipient.id}`,
      },
      now,
    );
  }
}

/** In the finishing transaction: each copy recipient's link to the result, and its mail. */
export async function issueRecipientCopies(
  trx: Kysely<Database>,
  deps: SigningDeps,
  flowId: string,
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + days(deps.config.signedCopyDays));
  for (const recipient of await listRecipients(trx, flowId, 'copy')) {
    if (!recipient.token_salt) continue;
    const token = copyRecipientToken(deps.config.sessionSecret, recipient.id, recipient.token_salt);
    await setRecipientLink(trx, recipient.id, { hash: hashToken(token), expiresAt });
    await enqueueJob(
      trx,
      {
        kind: signingJobs.recipientCopy,
        payload: { recipientId: recipient.id },
        dedupeKey: `recipient-copy:${recipient.id}`,
      },
      now,
    );
  }
}

async function recordMailed(
  deps: SigningDeps,
  flow: SignFlowRow,
  recipient: RecipientRow,
  details: Record<string, unknown>,
) {
  await recordAuditEvent(
    deps.db,
    {
      operation: auditOperations.mailed,
      flowId: flow.id,
      actor: 'system',
      details: { recipientId: recipient.id, to: recipient.email, ...details },
    },
    deps.clock.now(),
  );
}

/**
 * Tells a recipient of a flow that was sent: a copy recipient that they will get the result, a
 * viewer their link. A flow that ended (or was deleted) before the mail went gets nothing.
 */
export async function mailRecipientSent(deps: SigningDeps & { mailer: Mailer }, id: string) {
  const recipient = await findRecipient(deps.db, id);
  const flow = recipient && (await findFlow(deps.db, recipient.flow_id));
  if (!recipient?.token_salt || flow?.status !== 'Sent') return;
  const owner = await findOwner(deps.db, flow.owner_id);
  const common = {
    flowName: flow.name,
    senderName: owner.display_name,
    organisation: owner.organisation ?? deps.config.organizationName,
    note: flow.note,
    deadline: flow.deadline_at === null ? null : new Date(flow.deadline_at).toISOString(),
  };
  const message =
    recipient.kind === 'viewer'
      ? renderMail('viewerInvitation', flow.language, {
          ...common,
          link: recipientLink(
            deps.config.publicUrl,
            'viewer',
            viewerToken(deps.config.sessionSecret, recipient.id, recipient.token_salt),
          ),
        })
      : renderMail('copySent', flow.language, common);
  await deps.mailer.send({ to: recipient.email, ...message });
  await markRecipientNotified(deps.db, recipient.id, deps.clock.now());
  await recordMailed(deps, flow, recipient, {
    kind: recipient.kind === 'viewer' ? 'viewerInvitation' : 'copySent',
  });
}

/**
 * Mails a copy recipient of a finished flow their links to the signed document and the
 * evidence report, with the files attached when together they are under MAIL_ATTACHMENT_MAX_MB.
 */
export async function mailRecipientCopy(deps: SigningDeps & { mailer: Mailer }, id: string) {
  const recipient = await findRecipient(deps.db, id);
  const flow = recipient && (await findFlow(deps.db, recipient.flow_id));
  if (!recipient?.token_salt || !recipient.link_expires_at || flow?.status !== 'Finished') return;
  const until = copyLinkWorksUntil(flow, recipient.link_expires_at);
  if (until.getTime() <= deps.clock.now().getTime()) return;
  const [signed] = await listFiles(deps.db, flow.id, 'signedfile');
  if (!signed) return;
  const [evidence] = await listFiles(deps.db, flow.id, 'evidencereport');
  const owner = await findOwner(deps.db, flow.owner_id);
  const files = evidence ? [signed, evidence] : [signed];
  const total = files.reduce((sum, file) => sum + Number(file.size), 0);
  const attached = total < deps.config.mailAttachmentMaxBytes;
  const token = copyRecipientToken(deps.config.sessionSecret, recipient.id, recipient.token_salt);
  const message = renderMail('copyFinished', flow.language, {
    flowName: flow.name,
    senderName: owner.display_name,
    organisation: owner.organisation ?? deps.config.organizationName,
    link: recipientLink(deps.config.publicUrl, 'copy', token),
    evidenceLink: evidence ? recipientLink(deps.config.publicUrl, 'evidence', token) : null,
    validUntil: until.toISOString(),
    attached,
    verifyLink: verifyPageLink(deps.config.publicUrl),
  });
  await deps.mailer.send({
    to: recipient.email,
    ...message,
    attachments: attached
      ? files.map((file) => ({
          storageKey: file.storage_key,
          fileName: cleanFileName(file.file_name),
          contentType: file.content_type,
          size: Number(file.size),
        }))
      : [],
  });
  await recordMailed(deps, flow, recipient, { kind: 'copyFinished', attached });
}
