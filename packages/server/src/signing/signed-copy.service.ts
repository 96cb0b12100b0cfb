import type { SignedCopy } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database, SignerRow, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { cleanFileName } from '../files/file-name.ts';
import type { RequestMeta } from '../http/request-context.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';
import { listFiles } from '../signflows/flow-records.ts';
import { days, signingJobs, type SigningDeps } from './signing-deps.ts';
import { findFlow, findOwner, findSigner } from './signing.repository.ts';
import { findSignerBySignedCopyHash, setSignedCopy } from './signed-copy.repository.ts';
import { signedCopyLink, verifyPageLink } from './signing-addresses.ts';
import { hashToken, signedCopyToken } from './signing-links.ts';

// A signer's copy of what they signed: once a flow finishes, each signer gets a link of their
// own (mailed, and on their signing page) that downloads the signed document without
// identification for SIGNED_COPY_DAYS, or until the flow is deleted, whichever comes first.

/** The address of a signer's link to the signed document, derived like their signing link. */
const linkOf = (deps: Pick<SigningDeps, 'config'>, signer: SignerRow, salt: string) =>
  signedCopyLink(
    deps.config.publicUrl,
    signedCopyToken(deps.config.sessionSecret, signer.id, salt),
  );

/** The link works until the earlier of its own end and the flow's deletion. */
function worksUntil(flow: SignFlowRow, expiresAt: string | Date): Date {
  const end = new Date(expiresAt);
  const deletion = flow.auto_delete_at === null ? null : new Date(flow.auto_delete_at);
  return deletion !== null && deletion.getTime() < end.getTime() ? deletion : end;
}

/**
 * In the transaction that finishes the flow: each signer's link gets its hash and its end,
 * and a job that mails it (the link is derived there, never stored or queued).
 */
export async function issueSignedCopies(
  trx: Kysely<Database>,
  deps: SigningDeps,
  signers: SignerRow[],
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + days(deps.config.signedCopyDays));
  for (const signer of signers) {
    if (!signer.token_salt) continue;
    const token = signedCopyToken(deps.config.sessionSecret, signer.id, signer.token_salt);
    await setSignedCopy(trx, signer.id, { hash: hashToken(token), expiresAt });
    await enqueueJob(
      trx,
      {
        kind: signingJobs.signedCopy,
        payload: { signerId: signer.id },
        dedupeKey: `signed-copy:${signer.id}`,
      },
      now,
    );
  }
}

/**
 * Mails a signer the finished flow's signed document: their link, and the file itself when it
 * is smaller than MAIL_ATTACHMENT_MAX_MB (the mailer reads it from storage as it sends). A
 * flow deleted since, or a link already past its end, gets nothing.
 */
export async function mailSignedCopy(deps: SigningDeps & { mailer: Mailer }, signerId: string) {
  const signer = await findSigner(deps.db, signerId);
  const flow = signer && (await findFlow(deps.db, signer.flow_id));
  if (!signer?.token_salt || !signer.signed_copy_expires_at || flow?.status !== 'Finished') return;
  const until = worksUntil(flow, signer.signed_copy_expires_at);
  if (until.getTime() <= deps.clock.now().getTime()) return;
  const [signed] = await listFiles(deps.db, flow.id, 'signedfile');
  if (!signed) return;
  const owner = await findOwner(deps.db, flow.owner_id);
  const attached = Number(signed.size) < deps.config.mailAttachmentMaxBytes;
  const message = renderMail('signedCopy', flow.language, {
    flowName: flow.name,
    senderName: owner.display_name,
    organisation: owner.organisation ?? deps.config.organizationName,
    link: linkOf(deps, signer, signer.token_salt),
    validUntil: until.toISOString(),
    attached,
    verifyLink: verifyPageLink(deps.config.publicUrl),
  });
  const attachment = {
    storageKey: signed.storage_key,
    fileName: cleanFileName(signed.file_name),
    contentType: signed.content_type,
    size: Number(signed.size),
  };
  await deps.mailer.send({
    to: signer.email,
    ...message,
    attachments: attached ? [attachment] : [],
  });
  await recordAuditEvent(
    deps.db,
    {
      operation: auditOperations.mailed,
      flowId: flow.id,
      actor: 'system',
      details: { signerId: signer.id, to: signer.email, kind: 'signedCopy', attached },
    },
    deps.clock.now(),
  );
}

/**
 * The signed document for the token of a signer's link, while it works; every download is
 * audited. Null for a token of no signer (forged, or of a deleted flow) and a link past its end.
 */
export async function findSignedCopy(deps: SigningDeps, token: string, request: RequestMeta) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const found = await findSignerBySignedCopyHash(deps.db, hashToken(token));
  if (!found?.signer.signed_copy_expires_at || found.flow.status !== 'Finished') return null;
  const { signer, flow } = found;
  const now = deps.clock.now();
  if (worksUntil(flow, found.signer.signed_copy_expires_at).getTime() <= now.getTime()) return null;
  const [signed] = await listFiles(deps.db, flow.id, 'signedfile');
  if (!signed) return null;
  await recordAuditEvent(
    deps.db,
    {
      operation: auditOperations.downloaded,
      flowId: flow.id,
      actor: `${signer.name} <${signer.email}>`,
      ...request,
      details: { signerId: signer.id, kind: 'signedfile', link: 'signedCopy' },
    },
    now,
  );
  return signed;
}

/**
 * What the signer's page says of the signed document: nothing before everyone signed (or for a
 * signer who did not sign); Preparing while the portal finishes it; then the link until it ends.
 */
export function signedCopyOf(
  deps: Pick<SigningDeps, 'config' | 'clock'>,
  flow: SignFlowRow,
  signer: SignerRow,
  signers: SignerRow[],
): SignedCopy | null {
  if (signer.status !== 'Signed') return null;
  if (flow.status === 'Sent')
    return signers.every((other) => other.status === 'Signed')
      ? { State: 'Preparing', Url: null, ExpiresAt: null }
      : null;
  // Flows finished before signers had links have none.
  if (flow.status !== 'Finished' || !signer.signed_copy_expires_at || !signer.token_salt)
    return null;
  const until = worksUntil(flow, signer.signed_copy_expires_at);
  if (until.getTime() <= deps.clock.now().getTime())
    return { State: 'Expired', Url: null, ExpiresAt: until.toISOString() };
  return {
    State: 'Ready',
    Url: linkOf(deps, signer, signer.token_salt),
    ExpiresAt: until.toISOString(),
  };
}
