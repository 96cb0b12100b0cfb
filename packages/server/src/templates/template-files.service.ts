import { randomUUID } from 'node:crypto';
import { limits, validationKeys, type FileInfo } from '@esign/contract';
import { AppError } from '../errors/app-error.ts';
import { detectContentType } from '../files/content-type.ts';
import { nameForType } from '../files/file-name.ts';
import { checkPdf, checkSignablePdf } from '../files/pdf-check.ts';
import type { ReceivedFile } from '../files/receive-upload.ts';
import { lostRace, storeAndRecord } from '../files/store-and-record.ts';
import { queueFileDeletions, removeStoredFiles } from '../files/stored-objects.ts';
import type { SessionUser } from '../http/request-context.ts';
import type { TemplateFileRow } from '../db/schema.ts';
import { assertCanEdit, loadVisibleTemplate, templateChanged } from './template-access.ts';
import {
  deleteTemplateFiles,
  findTemplateFile,
  insertTemplateFiles,
  listTemplateFiles,
  updateTemplateIfVersion,
} from './templates.repository.ts';
import { templateObjectKey, type TemplateDeps } from './templates.service.ts';

const refuse = (key: string, params?: Record<string, string | number>) =>
  new AppError('validation', { issues: [{ path: 'file', key, ...(params ? { params } : {}) }] });

/** The flow's rules for files hold for a template too: unique names, at most maxAttachments. */
function assertRoomFor(files: TemplateFileRow[], kind: 'signfile' | 'attachment', name: string) {
  const others = files.filter((file) => !(kind === 'signfile' && file.kind === 'signfile'));
  if (others.some((file) => file.file_name.toLowerCase() === name.toLowerCase()))
    throw refuse(validationKeys.fileAlreadyAdded, { name });
  if (
    kind === 'attachment' &&
    others.filter((file) => file.kind === 'attachment').length >= limits.maxAttachments
  )
    throw refuse(validationKeys.tooManyAttachments, { max: limits.maxAttachments });
}

/** The checks of a flow's upload (by content: a signable PDF to sign, an allowed type to attach). */
async function checkUpload(
  deps: TemplateDeps,
  templateId: string,
  kind: 'signfile' | 'attachment',
  upload: { fileName: string; received: ReceivedFile },
) {
  const { received } = upload;
  if (upload.fileName.length > limits.fileNameMaxLength)
    throw refuse(validationKeys.fileNameTooLong);
  if (received.size === 0) throw refuse(validationKeys.invalidFileFormat);
  const detected = await detectContentType(received.path);
  const contentType = detected?.mime ?? null;
  const fileName = detected
    ? nameForType(upload.fileName, detected, limits.fileNameMaxLength)
    : upload.fileName;
  assertRoomFor(await listTemplateFiles(deps.db, templateId), kind, fileName);
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
  )
    throw refuse(validationKeys.invalidFileFormat);
  return { contentType: contentType ?? 'application/octet-stream', fileName };
}

/**
 * Keeps an uploaded file to sign (replacing the old one) or attachment of a template the user
 * may edit: checked like a flow's, stored first, then recorded with the template's next version.
 */
export async function addTemplateFile(
  deps: TemplateDeps,
  user: SessionUser,
  templateId: string,
  kind: 'signfile' | 'attachment',
  upload: { fileName: string; received: ReceivedFile },
): Promise<FileInfo> {
  try {
    const template = await loadVisibleTemplate(deps.db, user, templateId);
    assertCanEdit(template, user);
    const { contentType, fileName } = await checkUpload(deps, templateId, kind, upload);
    const id = randomUUID();
    const key = templateObjectKey(templateId, id);
    const now = deps.clock.now();
    const source = { key, file: upload.received.path, contentType };
    const replaced = await storeAndRecord(deps, [source], async (trx) => {
      // The template's row first: held, so that another upload waits for this one.
      if (
        !(await updateTemplateIfVersion(trx, templateId, undefined, {
          updated_at: now.toISOString(),
        }))
      )
        throw new AppError('notFound');
      assertRoomFor(await listTemplateFiles(trx, templateId), kind, fileName);
      const previous =
        kind === 'signfile' ? await listTemplateFiles(trx, templateId, 'signfile') : [];
      await queueFileDeletions(
        trx,
        previous.map((file) => file.storage_key),
        now,
      );
      await deleteTemplateFiles(
        trx,
        previous.map((file) => file.id),
      );
      await insertTemplateFiles(trx, [
        {
          id,
          template_id: templateId,
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

/** Removes the file to sign or one attachment of a template the user may edit. */
export async function removeTemplateFile(
  deps: TemplateDeps,
  user: SessionUser,
  templateId: string,
  kind: 'signfile' | 'attachment',
  fileId?: string,
) {
  const template = await loadVisibleTemplate(deps.db, user, templateId);
  assertCanEdit(template, user);
  const files = (await listTemplateFiles(deps.db, templateId, kind)).filter(
    (file) => fileId === undefined || file.id === fileId,
  );
  if (files.length === 0) throw new AppError('notFound');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (
      !(await updateTemplateIfVersion(trx, templateId, undefined, {
        updated_at: now.toISOString(),
      }))
    )
      throw await templateChanged(trx, user, templateId);
    await queueFileDeletions(
      trx,
      files.map((file) => file.storage_key),
      now,
    );
    await deleteTemplateFiles(
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

/** A file of a template the user may see, for download. */
export async function findTemplateDownload(
  deps: TemplateDeps,
  user: SessionUser,
  templateId: string,
  fileId: string,
) {
  await loadVisibleTemplate(deps.db, user, templateId);
  const file = await findTemplateFile(deps.db, templateId, fileId);
  if (!file) throw new AppError('notFound');
  return file;
}
