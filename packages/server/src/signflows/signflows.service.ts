import { randomUUID } from 'node:crypto';
import { findSendProblems, validationKeys, type SignFlowSaveRequest } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { Database, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { findFlowEndEvent } from '../audit/audit.repository.ts';
import { AppError } from '../errors/app-error.ts';
import { endSentFlow, flowConflict, isDeletable, updateDraft } from './flow-state.ts';
import { presentDetail, presentSignFlow } from './signflows.presenter.ts';
import {
  deleteFlow,
  deleteSigners,
  groupExists,
  insertFlow,
  insertSigners,
  listSigners,
  markStatusQueried,
} from './signflows.repository.ts';
import { listFiles } from './signflow-files.repository.ts';
import { copiesOfFlowFiles, recordCopiedFiles } from './signflow-files.service.ts';
import { flowObjectKey, storeAndRecord } from '../files/store-and-record.ts';
import { queueFileDeletions, removeStoredFiles } from '../files/stored-objects.ts';
import {
  assertDraft,
  loadVisibleFlow,
  type SignFlowActionDeps,
  type SignFlowDeps,
} from './signflow-access.ts';
import { extendDeadline } from '../signing/deadline.service.ts';
import { startSigning } from '../signing/flow-start.service.ts';
import {
  defaultExpiryDate,
  expiryDateProblems,
  sendingExpiryDate,
} from '../signing/expiry-date.ts';
import { notifyCancelled, retryStuckFlow } from '../signing/sender.service.ts';
import { prepareFlowEvent } from '../webhooks/webhook-events.ts';

type SaveInput = z.output<typeof SignFlowSaveRequest>;

const days = (count: number) => count * 24 * 3_600_000;

/** The flow with its signers and files, as GET and send answer it. */
export async function readDetail(db: Kysely<Database>, flow: SignFlowRow) {
  const [signers, files, ending] = await Promise.all([
    listSigners(db, flow.id),
    listFiles(db, flow.id),
    flow.status === 'Cancelled' ? findFlowEndEvent(db, flow.id) : undefined,
  ]);
  const expired = ending?.operation === auditOperations.expired;
  return presentDetail(flow, signers, files, {
    cancelledBy: ending && !expired ? (ending.display_name ?? ending.actor) : null,
    expiredAt: expired ? ending.occurred_at : null,
  });
}

/** A flow the user may see, with its signers and files; 404 for any other. */
export async function readSignFlow(deps: SignFlowDeps, user: SessionUser, flowId: string) {
  return readDetail(deps.db, await loadVisibleFlow(deps.db, user, flowId));
}

async function assertGroupAllowed(
  db: Kysely<Database>,
  user: SessionUser,
  groupId: string | null | undefined,
) {
  if (!groupId) return;
  if (!(await groupExists(db, groupId)) || (!user.isAdmin && !user.groupIds.includes(groupId))) {
    throw new AppError('validation', {
      issues: [{ path: 'Role', key: validationKeys.unknownGroup }],
    });
  }
}

/** A level this portal cannot offer (SIGNATURE_LEVELS, trust service) is refused, not kept. */
function levelProblems(config: SignFlowDeps['config'], level: string | null | undefined) {
  return level && !(config.signatureLevels as string[]).includes(level)
    ? [{ path: 'MinimumSignatureLevel', key: validationKeys.signatureLevelNotAllowed }]
    : [];
}

/**
 * The ids the saved signers get: a Guid the client sent is kept only when it names one of this
 * draft's signers now (once), so that a signer keeps their identity across saves; any other
 * Guid (another flow's signer, a made-up or over-long one, a repeat) gets a new id.
 */
function keptSignerIds(signers: Array<{ Guid?: string | null }>, current: Array<{ id: string }>) {
  const available = new Set(current.map((signer) => signer.id));
  return signers.map(({ Guid }) => {
    if (!Guid || !available.delete(Guid)) return randomUUID();
    return Guid;
  });
}

/**
 * Creates a draft, or updates the draft named by Guid (only a draft can change), writing
 * its signers in the same transaction; a copy also gets the source's files.
 */
export async function saveDraft(deps: SignFlowDeps, user: SessionUser, input: SaveInput) {
  const { db } = deps;
  const existing = input.Guid ? await loadVisibleFlow(db, user, input.Guid) : undefined;
  if (existing) assertDraft(existing);
  const source = input.CopyFromGuid
    ? await loadVisibleFlow(db, user, input.CopyFromGuid)
    : undefined;
  await assertGroupAllowed(db, user, input.Role);
  const now = deps.clock.now();
  const expiryDate = input.ExpiryDate ?? defaultExpiryDate(deps.config, now);
  const refused = [
    ...levelProblems(deps.config, input.MinimumSignatureLevel),
    ...expiryDateProblems(deps.config, expiryDate, now),
  ];
  if (refused.length > 0) throw new AppError('validation', { issues: refused });
  const id = existing?.id ?? randomUUID();
  const values = draftValues(input, expiryDate, now);
  // A copy's objects are stored first, then recorded with the draft.
  const copies = source
    ? await copiesOfFlowFiles(deps, source.id, id)
    : { sources: [], records: [] };
  await storeAndRecord(deps, copies.sources, async (trx) => {
    let signerIds: string[] = input.Signers.map(() => randomUUID());
    if (existing) {
      // Sent (or otherwise changed state) since it was read: nothing of this save is kept.
      if (!(await updateDraft(trx, id, now, values))) throw await flowConflict(trx, id);
      signerIds = keptSignerIds(input.Signers, await listSigners(trx, id));
      await deleteSigners(trx, id);
    } else {
      await insertFlow(trx, newFlowRow(deps, user, id, values, now));
    }
    await insertSigners(trx, signerRows(id, input.Signers, signerIds));
    await recordCopiedFiles(trx, copies.records);
  });
  const flow = await loadVisibleFlow(db, user, id);
  return presentSignFlow(flow, await listSigners(db, id));
}

/** The columns a save writes. */
function draftValues(input: SaveInput, expiryDate: string, now: Date) {
  return {
    name: input.Name,
    name_search: input.Name.toLowerCase(),
    note: input.Note,
    signature_process: input.SignatureProcess ?? null,
    minimum_signature_level: input.MinimumSignatureLevel ?? null,
    group_id: input.Role ?? null,
    inspector_email: input.InspectorEmail,
    reminder_interval_days: input.ReminderIntervalInDays ?? null,
    language: input.Language ?? null,
    expiry_date: expiryDate,
    updated_at: now.toISOString(),
  };
}

function newFlowRow(
  deps: Pick<SignFlowDeps, 'config'>,
  user: SessionUser,
  id: string,
  values: ReturnType<typeof draftValues>,
  now: Date,
) {
  return {
    ...values,
    id,
    owner_id: user.id,
    status: 'Draft' as const,
    created_at: now.toISOString(),
    auto_delete_at: new Date(now.getTime() + days(deps.config.autoDeleteDays)).toISOString(),
  };
}

function signerRows(flowId: string, signers: SaveInput['Signers'], ids: string[]) {
  return signers.map((signer, position) => ({
    id: ids[position] ?? randomUUID(),
    flow_id: flowId,
    position,
    name: signer.Name,
    email: signer.Email,
    organisation: signer.Organisation,
    personal_identity_code: signer.PersonalIdentityCode,
    role: signer.Role,
    status: 'Unsigned' as const,
  }));
}

/** A stored object another feature keeps (a template's file), to be copied into a new draft. */
export interface FileToCopy {
  kind: 'signfile' | 'attachment';
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/**
 * A new draft of the caller's from what another feature prepared (a template): the save's
 * values and signers, and objects copied in storage (never shared) as its files, all recorded
 * in one transaction. Answers the new flow's id.
 */
export async function createDraftWithFiles(
  deps: SignFlowDeps,
  user: SessionUser,
  input: SaveInput,
  files: FileToCopy[],
): Promise<string> {
  await assertGroupAllowed(deps.db, user, input.Role);
  const now = deps.clock.now();
  const expiryDate = input.ExpiryDate ?? defaultExpiryDate(deps.config, now);
  const refused = [
    ...levelProblems(deps.config, input.MinimumSignatureLevel),
    ...expiryDateProblems(deps.config, expiryDate, now),
  ];
  if (refused.length > 0) throw new AppError('validation', { issues: refused });
  const id = randomUUID();
  const records = files.map((file) => {
    const fileId = randomUUID();
    return {
      id: fileId,
      flow_id: id,
      kind: file.kind,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      storage_key: flowObjectKey(id, fileId),
      created_at: now.toISOString(),
      archive_renew_at: null,
    };
  });
  const sources = files.map((file, index) => ({
    key: records[index]?.storage_key ?? '',
    copyOf: file.storageKey,
  }));
  await storeAndRecord(deps, sources, async (trx) => {
    await insertFlow(trx, newFlowRow(deps, user, id, draftValues(input, expiryDate, now), now));
    await insertSigners(
      trx,
      signerRows(
        id,
        input.Signers,
        input.Signers.map(() => randomUUID()),
      ),
    );
    await recordCopiedFiles(trx, records);
  });
  return id;
}

/**
 * The file to sign and attachments of a flow the user may see, as objects to copy elsewhere
 * (a template made of the flow), with the flow's settings and signers.
 */
export async function readFlowForCopy(deps: SignFlowDeps, user: SessionUser, flowId: string) {
  const flow = await loadVisibleFlow(deps.db, user, flowId);
  const [signers, files] = await Promise.all([
    listSigners(deps.db, flowId),
    listFiles(deps.db, flowId),
  ]);
  const copied: FileToCopy[] = files.flatMap((file) =>
    file.kind === 'signfile' || file.kind === 'attachment'
      ? [
          {
            kind: file.kind,
            fileName: file.file_name,
            contentType: file.content_type,
            size: Number(file.size),
            sha256: file.sha256,
            storageKey: file.storage_key,
          },
        ]
      : [],
  );
  return { flow, signers, files: copied };
}

/**
 * Sends a complete draft: validates it (SPEC §5), then prepares the document, marks it
 * Sent and queues the first invitations (startSigning).
 */
export async function sendSignFlow(
  deps: SignFlowActionDeps,
  user: SessionUser,
  flowId: string,
  context: RequestContext,
) {
  const { db } = deps;
  const flow = await loadVisibleFlow(db, user, flowId);
  assertDraft(flow);
  const [signers, signFiles] = await Promise.all([
    listSigners(db, flowId),
    listFiles(db, flowId, 'signfile'),
  ]);
  const now = deps.clock.now();
  const problems = [
    ...findSendProblems({
      hasSignFile: signFiles.length > 0,
      signerCount: signers.length,
      SignatureProcess: flow.signature_process,
      MinimumSignatureLevel: flow.minimum_signature_level,
    }),
    // A draft saved while the level was offered, sent after the operator withdrew it.
    ...levelProblems(deps.config, flow.minimum_signature_level),
    // A draft saved long ago: its deadline may have passed meanwhile.
    ...expiryDateProblems(deps.config, sendingExpiryDate(deps.config, flow, now), now),
    // A template's role left empty for the sender to fill (createDraftWithFiles).
    ...signers.flatMap((signer, index) =>
      signer.email === ''
        ? [{ path: `Signers.${index}.Email`, key: validationKeys.signerEmailRequired }]
        : [],
    ),
  ];
  if (problems.length > 0) throw new AppError('validation', { issues: problems });
  await startSigning(deps, flow, signers, context);
  return readDetail(db, await loadVisibleFlow(db, user, flowId));
}

/**
 * Cancels a sent flow for good; signatures already made lose their meaning, links stop
 * working and the signers already invited are told.
 */
export async function cancelSignFlow(
  deps: SignFlowActionDeps,
  user: SessionUser,
  flowId: string,
  comment: string,
  context: RequestContext,
) {
  const { db } = deps;
  const flow = await loadVisibleFlow(db, user, flowId);
  if (flow.status !== 'Sent') throw await flowConflict(db, flowId);
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    const ending = { status: 'Cancelled' as const, comment: comment || null };
    // Finished, rejected or cancelled meanwhile: the cancel lost, and says what happened.
    if (!(await endSentFlow(trx, flowId, ending, now, days(deps.config.autoDeleteDays))))
      throw await flowConflict(trx, flowId);
    await notifyCancelled(trx, deps, flow, user, comment, context, now);
  });
  deps.kickJobs?.();
  const cancelled = await loadVisibleFlow(db, user, flowId);
  return presentSignFlow(cancelled, await listSigners(db, flowId));
}

/** Moves a sent flow's deadline later (extendDeadline); answers the flow as it is now. */
export async function extendSignFlowDeadline(
  deps: SignFlowActionDeps,
  user: SessionUser,
  flowId: string,
  expiryDate: string,
  context: RequestContext,
) {
  const flow = await loadVisibleFlow(deps.db, user, flowId);
  await extendDeadline(deps, user, flow, expiryDate, context);
  return readDetail(deps.db, await loadVisibleFlow(deps.db, user, flowId));
}

/**
 * Re-reads the flow's state and records when that was done; a stuck or failed flow is
 * taken up again (retryStuckFlow).
 */
export async function checkSignFlow(
  deps: SignFlowActionDeps,
  user: SessionUser,
  flowId: string,
  context: RequestContext,
) {
  const flow = await loadVisibleFlow(deps.db, user, flowId);
  await retryStuckFlow(deps, flow, context);
  await markStatusQueried(deps.db, flowId, deps.clock.now());
  return readDetail(deps.db, await loadVisibleFlow(deps.db, user, flowId));
}

/** Deletes a draft or an ended flow, files and all; a flow out for signing must be cancelled first. */
export async function deleteSignFlow(deps: SignFlowDeps, user: SessionUser, flowId: string) {
  const flow = await loadVisibleFlow(deps.db, user, flowId);
  if (!isDeletable(flow.status)) throw await flowConflict(deps.db, flowId);
  const now = deps.clock.now();
  const keys = await deps.db.transaction().execute(async (trx) => {
    const files = await listFiles(trx, flowId);
    const storageKeys = files.map((file) => file.storage_key);
    await queueFileDeletions(trx, storageKeys, now);
    const told =
      flow.status === 'Draft'
        ? null
        : await prepareFlowEvent(trx, { type: 'signflow.deleted', flowId }, now);
    await deleteFlow(trx, flowId);
    if (flow.status !== 'Draft')
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.deleted,
          flowId,
          actor: user.email,
          userId: user.id,
          details: { status: flow.status },
        },
        now,
      );
    // After the audit event: its lock of the flow's chain orders the flow's deliveries too.
    await told?.queue(trx);
    return storageKeys;
  });
  await removeStoredFiles(deps.storage, keys, deps.db);
}
