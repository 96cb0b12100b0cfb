import { randomUUID } from 'node:crypto';
import { limits, validationKeys, type FileInfo } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/session.service.ts';
import type { Database, FileKind, FileRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { detectContentType } from '../files/content-type.ts';
import { checkPdf } from '../files/pdf-check.ts';
import type { ReceivedFile } from '../files/receive-upload.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { findFile, listFiles, queueFileDeletions } from './signflows.repository.ts';
import { assertDraft, loadVisibleFlow, type SignFlowDeps } from './signflow-access.ts';

const refuse = (key: string, params?: Record<string, string | number>) =>
  new AppError('validation', { issues: [{ path: 'file', key, ...(params ? { params } : {}) }] });

/** Removes objects from storage; what cannot be removed now stays queued for a later sweep. */
export async function removeStoredFiles(
  storage: FileStorage,
  keys: string[],
  db?: Kysely<Database>,
) {
  for (const key of keys) {
    try {
      await storage.delete(key);
      if (db)
        await db.deleteFrom('pending_file_deletions').where('storage_key', '=', key).execute();
    } catch {
      // left in pending_file_deletions; sweepPendingFileDeletions retries
    }
  }
}

/**
 * Removes objects whose records did not commit. Their deletion is queued first, so that a
 * store that is down too gets it later; when the database is what failed, they go anyway.
 */
export async function discardUnrecordedFiles(
  { db, storage }: { db: Kysely<Database>; storage: FileStorage },
  keys: string[],
) {
  await queueFileDeletions(db, keys).catch(() => undefined);
  await removeStoredFiles(storage, keys, db);
}

/** Retries the storage deletions that could not be done when their records went. */
export async function sweepPendingFileDeletions(db: Kysely<Database>, storage: FileStorage) {
  const pending = await db.selectFrom('pending_file_deletions').select('storage_key').execute();
  await removeStoredFiles(
    storage,
    pending.map((row) => row.storage_key),
    db,
  );
}

const storageKeyFor = (flowId: string, fileId: string) => `flows/${flowId}/${fileId}`;

/** Copies a flow's file to sign and attachments to another flow, inside the caller's transaction. */
export async function copyFlowFiles(
  trx: Kysely<Database>,
  storage: FileStorage,
  sourceFlowId: string,
  targetFlowId: string,
): Promise<string[]> {
  const files = (await listFiles(trx, sourceFlowId)).filter(
    (file) => file.kind === 'signfile' || file.kind === 'attachment',
  );
  const keys: string[] = [];
  for (const file of files) {
    const id = randomUUID();
    const key = storageKeyFor(targetFlowId, id);
    await storage.copy(file.storage_key, key);
    keys.push(key);
    await trx
      .insertInto('sign_flow_files')
      .values({
        ...file,
        id,
        flow_id: targetFlowId,
        storage_key: key,
        size: Number(file.size),
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  return keys;
}

interface Upload {
  fileName: string;
  received: ReceivedFile;
}

/** Checks an upload by its content and the flow's rules; answers its content type. */
async function checkUpload(deps: SignFlowDeps, flowId: string, kind: FileKind, upload: Upload) {
  const { fileName, received } = upload;
  if (fileName.length > limits.fileNameMaxLength) throw refuse(validationKeys.fileNameTooLong);
  if (received.size === 0) throw refuse(validationKeys.invalidFileFormat);
  const others = (await listFiles(deps.db, flowId)).filter(
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
  const contentType = await detectContentType(received.path);
  if (kind === 'signfile' || contentType === 'application/pdf') {
    const problem =
      contentType === 'application/pdf' ? await checkPdf(received.path, received.size) : 'notPdf';
    if (problem === 'encrypted') throw refuse(validationKeys.encryptedPdf);
    if (problem !== null) throw refuse(validationKeys.invalidFileFormat);
  }
  if (
    kind === 'attachment' &&
    (!contentType || !deps.config.allowedAttachmentTypes.includes(contentType))
  ) {
    throw refuse(validationKeys.invalidFileFormat);
  }
  return contentType ?? 'application/octet-stream';
}

/**
 * Keeps an uploaded file to sign or attachment: checked by content, stored first, then
 * recorded; a failure at any step leaves neither a record nor an object behind.
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
    const contentType = await checkUpload(deps, flowId, kind, upload);
    const id = randomUUID();
    const key = storageKeyFor(flowId, id);
    await deps.storage.putFile(key, upload.received.path, contentType);
    try {
      const replaced = await deps.db.transaction().execute(async (trx) => {
        const previous = kind === 'signfile' ? await listFiles(trx, flowId, 'signfile') : [];
        await queueFileDeletions(
          trx,
          previous.map((file) => file.storage_key),
        );
        if (previous.length > 0)
          await trx
            .deleteFrom('sign_flow_files')
            .where('flow_id', '=', flowId)
            .where('kind', '=', 'signfile')
            .execute();
        await trx
          .insertInto('sign_flow_files')
          .values({
            id,
            flow_id: flowId,
            kind,
            file_name: upload.fileName,
            content_type: contentType,
            size: upload.received.size,
            sha256: upload.received.sha256,
            storage_key: key,
            created_at: new Date().toISOString(),
          })
          .execute();
        await trx
          .updateTable('sign_flows')
          .set({ updated_at: new Date().toISOString() })
          .where('id', '=', flowId)
          .execute();
        return previous.map((file) => file.storage_key);
      });
      await removeStoredFiles(deps.storage, replaced, deps.db);
    } catch (error) {
      await deps.storage.delete(key);
      throw error;
    }
    return { Guid: id, FileName: upload.fileName };
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
  await deps.db.transaction().execute(async (trx) => {
    await queueFileDeletions(
      trx,
      files.map((file) => file.storage_key),
    );
    await trx
      .deleteFrom('sign_flow_files')
      .where(
        'id',
        'in',
        files.map((file) => file.id),
      )
      .execute();
    await trx
      .updateTable('sign_flows')
      .set({ updated_at: new Date().toISOString() })
      .where('id', '=', flowId)
      .execute();
  });
  await removeStoredFiles(
    deps.storage,
    files.map((file) => file.storage_key),
    deps.db,
  );
}

/** A file of a flow the user may see, for download. */
export async function findDownload(
  deps: SignFlowDeps,
  user: SessionUser,
  flowId: string,
  fileId: string,
  kind: FileKind,
) {
  await loadVisibleFlow(deps.db, user, flowId);
  const file = await findFile(deps.db, flowId, fileId, kind);
  if (!file) throw new AppError('notFound');
  return file;
}
