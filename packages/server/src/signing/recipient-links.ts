import { signingErrorKeys, type ViewerTask } from '@esign/contract';
import type { FileRow, RecipientRow, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { cleanFileName } from '../files/file-name.ts';
import type { RequestMeta } from '../http/request-context.ts';
import {
  findFile,
  findRecipientByTokenHash,
  listFiles,
  markViewerOpened,
} from '../signflows/flow-records.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findOwner } from './signing.repository.ts';
import { hashToken } from './signing-links.ts';

// What a recipient's link opens. A viewer's reads the document while the flow is Sent, and
// nothing after; a copy recipient's downloads the finished document and its evidence report
// for SIGNED_COPY_DAYS from finishing (sooner when the flow is deleted). Neither is a signer's
// token, so the signer's calls (identify, sign, reject) answer them 404.

const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const linkInvalid = () => new AppError('notFound', { key: signingErrorKeys.linkInvalid });

/** A copy recipient's link works until the earlier of its own end and the flow's deletion. */
export function copyLinkWorksUntil(flow: SignFlowRow, expiresAt: string | Date): Date {
  const end = new Date(expiresAt);
  const deletion = flow.auto_delete_at === null ? null : new Date(flow.auto_delete_at);
  return deletion !== null && deletion.getTime() < end.getTime() ? deletion : end;
}

async function findByToken(deps: SigningDeps, token: string, kind: RecipientRow['kind']) {
  if (!tokenShape.test(token)) return undefined;
  const found = await findRecipientByTokenHash(deps.db, hashToken(token));
  return found?.recipient.kind === kind ? found : undefined;
}

const actorOf = (recipient: RecipientRow) =>
  recipient.name ? `${recipient.name} <${recipient.email}>` : recipient.email;

async function recordRecipientEvent(
  deps: SigningDeps,
  operation: (typeof auditOperations)['opened' | 'downloaded'],
  found: { recipient: RecipientRow; flow: SignFlowRow },
  request: RequestMeta,
  details: Record<string, unknown> = {},
) {
  await recordAuditEvent(
    deps.db,
    {
      operation,
      flowId: found.flow.id,
      actor: actorOf(found.recipient),
      ...request,
      details: { recipientId: found.recipient.id, recipientKind: found.recipient.kind, ...details },
    },
    deps.clock.now(),
  );
}

const withSize = (file: FileRow) => ({
  Guid: file.id,
  // A name stored before uploads were cleaned is shown cleaned too.
  FileName: cleanFileName(file.file_name),
  Size: Number(file.size),
});

/**
 * A viewer's page: the flow's document and attachments while it is out (the first opening is
 * noted and audited); once it ended, only that it did. 404 for any token of no viewer.
 */
export async function showViewerTask(
  deps: SigningDeps,
  token: string,
  request: RequestMeta,
): Promise<ViewerTask> {
  const found = await findByToken(deps, token, 'viewer');
  if (!found || found.flow.status === 'Draft') throw linkInvalid();
  const { flow, recipient } = found;
  const owner = await findOwner(deps.db, flow.owner_id);
  const open = flow.status === 'Sent';
  const task: ViewerTask = {
    State: open ? 'Open' : 'Ended',
    FlowName: flow.name,
    SenderName: owner.display_name,
    SenderOrganisation: owner.organisation ?? deps.config.organizationName,
    Note: open ? flow.note : null,
    Language: flow.language ?? 'fi',
    ViewerName: recipient.name,
    ExpiryDate: open ? flow.expiry_date : null,
    Document: null,
    Attachments: [],
  };
  if (!open) return task;
  const files = await listFiles(deps.db, flow.id);
  const working = files.find((file) => file.id === flow.working_file_id);
  if (await markViewerOpened(deps.db, recipient.id, deps.clock.now()))
    await recordRecipientEvent(deps, auditOperations.opened, found, request);
  return {
    ...task,
    Document: working ? withSize(working) : null,
    Attachments: files.filter((file) => file.kind === 'attachment').map(withSize),
  };
}

/** The document (or an attachment) for a viewer while the flow is out; 409 once it ended. */
export async function findViewerFile(
  deps: SigningDeps,
  token: string,
  attachmentId: string | null,
  request: RequestMeta,
) {
  const found = await findByToken(deps, token, 'viewer');
  if (!found || found.flow.status === 'Draft') throw linkInvalid();
  if (found.flow.status !== 'Sent')
    throw new AppError('conflict', { key: signingErrorKeys.flowEnded });
  const file =
    attachmentId === null
      ? found.flow.working_file_id &&
        (await findFile(deps.db, found.flow.id, found.flow.working_file_id, 'working'))
      : await findFile(deps.db, found.flow.id, attachmentId, 'attachment');
  if (!file) throw new AppError('notFound');
  // The viewer's pdf.js reads the document in ranges; the opening is audited instead.
  if (attachmentId !== null)
    await recordRecipientEvent(deps, auditOperations.downloaded, found, request, {
      kind: 'attachment',
      fileId: file.id,
    });
  return file;
}

/**
 * The finished flow's signed document or evidence report for a copy recipient's link while it
 * works; every download is audited. Null for any other token, or a link past its end.
 */
export async function findRecipientCopy(
  deps: SigningDeps,
  token: string,
  kind: 'signedfile' | 'evidencereport',
  request: RequestMeta,
) {
  const found = await findByToken(deps, token, 'copy');
  if (!found?.recipient.link_expires_at || found.flow.status !== 'Finished') return null;
  const until = copyLinkWorksUntil(found.flow, found.recipient.link_expires_at);
  if (until.getTime() <= deps.clock.now().getTime()) return null;
  const [file] = await listFiles(deps.db, found.flow.id, kind);
  if (!file) return null;
  await recordRecipientEvent(deps, auditOperations.downloaded, found, request, {
    kind,
    link: 'copyRecipient',
  });
  return file;
}
