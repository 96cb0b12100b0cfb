import { randomUUID } from 'node:crypto';
import { limits, validationKeys, type FileInfo } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import type { Database, FileKind, FileRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { detectContentType } from '../files/content-type.ts';
import { nameForType } from '../files/file-name.ts';
import { checkPdf, checkSignablePdf } from '../files/pdf-check.ts';
import type { ReceivedFile } from '../files/receive-upload.ts';
import { flowConflict, updateDraft } from './flow-state.ts';
import {
  deleteFileRecords,
  deleteFilesOfKind,
  findFile,
  insertFileRecords,
  listFiles,
} from './signflow-files.repository.ts';
import { assertDraft, loadVisibleFlow, type SignFlowDeps } from './signflow-access.ts';
import {
  flowObjectKey,
  lostRace,
  storeAndRecord,
  type ObjectSource,
} from '../files/store-and-record.ts';
import { queueFileDeletions, removeStoredFiles } from '../files/stored-objects.ts';

const refuse = (key: string, params?: Record<string, string | number>) =>
  new AppError('validation', { issues: [{ path: 'file', key, ...(params ? { params } : {}) }] });

const storageKeyFor = flowObjectKey;

/** A copied object and the record that will name it. */
export type CopiedFile = Omit<FileRow, 'size'> & { size: number };

/**
 * What copying a flow's file to sign and attachments to another flow takes: the objects to
 * copy in storage (for storeAndRecord) and the records that will name them (recordCopiedFiles
 * in its record step).
 */
export async function copiesOfFlowFiles(
  deps: Pick<SignFlowDeps, 'db' | 'clock'>,
  sourceFlowId: string,
  targetFlowId: string,
): Promise<{ sources: ObjectSource[]; records: CopiedFile[] }> {
  const now = deps.clock.now();
  const files = (await listFiles(deps.db, sourceFlowId)).filter(
    (file) => file.kind === 'signfile' || file.kind === 'attachment',
  );
  const records = files.map((file) => {
    const id = randomUUID();
    return {
      ...file,
      id,
      flow_id: targetFlowId,
      storage_key: storageKeyFor(targetFlowId, id),
      size: Number(file.size),
      created_at: now.toISOString(),
    };
  });
  const sources = files.map((file, index) => ({
    key: records[index]?.storage_key ?? '',
    copyOf: file.storage_key,
  }));
  return { sources, records };
}

/** Records copied objects inside the record step's transaction. */
export async function recordCopiedFiles(trx: Kysely<Database>, copies: CopiedFile[]) {
  await insertFileRecords(trx, copies);
}

interface Upload {
  fileName: string;
  received: ReceivedFile;
}

/**
 * The draft's rules for one more file beside those it has: no two files of one name, at most
 * maxAttachments attachments (a new file to sign replaces the old one).
 */
function assertRoomFor(files: FileRow[], kind: FileKind, fileName: string) {
  const others = files.filter(
    (file) =>
      (file.kind === 'signfile' || file.kind === 'attachment') &&
      !(kind === 'signfile' && file.kind === 'signfile'),
  );
  if (others.some((file) => file.file_name.toLowerCase() === fileName.toLowerCase())) {
    throw refuse(validationKeys.fileAlreadyAdded, { name: fileName });
  }
  if (
    kind === 'attachment' &&
    others.filter((file) => file.kind === 'attachment').length >= limits.maxAttachments
  ) {
    throw refuse(validationKeys.tooManyAttachments, { max: limits.maxAttachments });
  }
}

/**
 * Checks an upload by its content and the flow's rules; answers its content type and the name
 * it is kept under, whose extension matches that type.
 */
async function checkUpload(deps: SignFlowDeps, flowId: string, kind: FileKind, upload: Upload) {
  const { received } = upload;
  if (upload.fileName.length > limits.fileNameMaxLength)
    throw refuse(validationKeys.fileNameTooLong);
  if (received.size === 0) throw refuse(validationKeys.invalidFileFormat);
  const detected = await detectContentType(received.path);
  const contentType = detected?.mime ?? null;
  const fileName = detected
    ? nameForType(upload.fileName, detected, limits.fileNameMaxLength)
    : upload.fileName;
  // Early, to spare reading a file that cannot be kept; checked again where it is recorded.
  assertRoomFor(await listFiles(deps.db, flowId), kind, fileName);
  if (kind === 'signfile' || contentType === 'application/pdf') {
    const check = kind === 'signfile' ? checkSignablePdf : checkPdf;
    const problem =
      contentType === 'application/pdf' ? await check(received.path, received.size) : 'notPdf';
    if (problem === 'encrypted') throw refuse(validationKeys.encryptedPdf);
    if (problem === 'activeContent') throw refuse(validationKeys.pdfActiveContent);
    if (problem !== null) throw refuse(validationKeys.invalidFileFormat);
  }
  if (
    kind === 'attachment' &&
    (!contentType || !deps.config.allowedAttachmentTypes.includes(contentType))
  ) {
    throw refuse(validationKeys.invalidFileFormat);
  }
  return { contentType: contentType ?? 'application/octet-stream', fileName };
}

/**
 * Keeps an uploaded file to sign or attachment: checked by content, stored first, then
 * recorded; a failure at any step leaves no record, and its object is removed (at once, or
 * by the sweep when the database could not say whether the record committed).
 */
export async function addFlowFile(
  deps: SignFlowDeps,
  user: SessionUser,
  flowId: string,
  kind: 'signfile' | 'attachment',
  upload: Upload,
): Promise<FileInfo> {
  try {
    const flow = await loadVisibleFlow(deps.db, user, flowId);
    assertDraft(flow);
    const { contentType, fileName } = await checkUpload(deps, flowId, kind, upload);
    const id = randomUUID();
    const key = storageKeyFor(flowId, id);
    const now = deps.clock.now();
    const source = { key, file: upload.received.path, contentType };
    const replaced = await storeAndRecord(deps, [source], async (trx) => {
      // First the flow's row: still a draft, and held so that a send or another upload
      // waits for this one; then the rules, against the files as they are now.
      if (!(await updateDraft(trx, flowId, now))) throw await flowConflict(trx, flowId);
      assertRoomFor(await listFiles(trx, flowId), kind, fileName);
      const previous = kind === 'signfile' ? await listFiles(trx, flowId, 'signfile') : [];
      await queueFileDeletions(
        trx,
        previous.map((file) => file.storage_key),
        now,
      );
      if (previous.length > 0) await deleteFilesOfKind(trx, flowId, 'signfile');
      await insertFileRecords(trx, [
        {
          id,
          flow_id: flowId,
          kind,
          file_name: fileName,
          content_type: contentType,
          size: upload.received.size,
          sha256: upload.received.sha256,
          storage_key: key,
          created_at: now.toISOString(),
        },
      ]);
      return previous.map((file) => file.storage_key);
    });
    if (replaced !== lostRace) await removeStoredFiles(deps.storage, replaced, deps.db);
    return { Guid: id, FileName: fileName };
  } finally {
    await upload.received.discard();
  }
}

/** Removes the file to sign or one attachment of a draft. */
export async function removeFlowFile(
  deps: SignFlowDeps,
  user: SessionUser,
  flowId: string,
  kind: 'signfile' | 'attachment',
  fileId?: string,
) {
  const flow = await loadVisibleFlow(deps.db, user, flowId);
  assertDraft(flow);
  const files: FileRow[] = fileId
    ? [await findFile(deps.db, flowId, fileId, kind)].filter(
        (file): file is FileRow => file !== undefined,
      )
    : await listFiles(deps.db, flowId, kind);
  if (files.length === 0) throw new AppError('notFound');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // Sent meanwhile: the file it was sent with stays.
    if (!(await updateDraft(trx, flowId, now))) throw await flowConflict(trx, flowId);
    await queueFileDeletions(
      trx,
      files.map((file) => file.storage_key),
      now,
    );
    await deleteFileRecords(
      trx,
      files.map((file) => file.id),
    );
  });
  await removeStoredFiles(
    deps.storage,
    files.map((file) => file.storage_key),
    deps.db,
  );
}

/** A file of a flow the user may see, for download; a signed file's or the evidence report's download is audited. */
export async function findDownload(
  deps: SignFlowDeps,
  user: SessionUser,
  flowId: string,
  fileId: string,
  kind: FileKind,
  context: RequestContext,
) {
  await loadVisibleFlow(deps.db, user, flowId);
  const file = await findFile(deps.db, flowId, fileId, kind);
  if (!file) throw new AppError('notFound');
  if (kind === 'signedfile' || kind === 'personalsignedfile' || kind === 'evidencereport') {
    await recordAuditEvent(
      deps.db,
      {
        operation: auditOperations.downloaded,
        flowId: file.flow_id,
        details: { kind },
        ...context,
      },
      deps.clock.now(),
    );
  }
  return file;
}
