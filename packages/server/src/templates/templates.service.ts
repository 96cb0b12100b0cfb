import { randomUUID } from 'node:crypto';
import {
  defaultTemplateListQuery,
  validationKeys,
  type SaveAsTemplateRequest,
  type Template,
  type TemplateListQuery,
  type TemplateSaveRequest,
} from '@esign/contract';
import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import type { Database, TemplateFilesTable, TemplateRolesTable } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { storeAndRecord } from '../files/store-and-record.ts';
import { queueFileDeletions, removeStoredFiles } from '../files/stored-objects.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { SignFlowDeps } from '../signflows/signflow-access.ts';
import { readFlowForCopy, type FileToCopy } from '../signflows/signflows.service.ts';
import {
  assertCanEdit,
  canEditTemplate,
  loadVisibleTemplate,
  templateAccessOf,
  templateChanged,
} from './template-access.ts';
import { presentTemplate, presentTemplateListItem } from './templates.presenter.ts';
import {
  deleteTemplateRow,
  groupExists,
  insertTemplate,
  insertTemplateFiles,
  listRoles,
  listRolesOfTemplates,
  listTemplateFiles,
  listTemplates,
  replaceRoles,
  updateTemplateIfVersion,
} from './templates.repository.ts';

export type TemplateDeps = SignFlowDeps;
type SaveInput = z.output<typeof TemplateSaveRequest>;
type SaveAsInput = z.output<typeof SaveAsTemplateRequest>;

/** The storage key of a template's object (made by the server, never from a file name). */
export function templateObjectKey(templateId: string, fileId: string): string {
  return `templates/${templateId}/${fileId}`;
}

/** The templates the user may see: search, sort and one page, like the flow list. */
export async function listTemplatesFor(
  deps: Pick<TemplateDeps, 'db'>,
  user: SessionUser,
  query: TemplateListQuery,
) {
  const defaults = defaultTemplateListQuery;
  const paged = Object.values(query).some((value) => value !== undefined);
  const resolved = {
    q: query.q ?? defaults.q,
    sort: query.sort ?? defaults.sort,
    order: query.order ?? defaults.order,
    paging: paged
      ? { page: query.page ?? defaults.page, pageSize: query.pageSize ?? defaults.pageSize }
      : null,
  };
  const { rows, total } = await listTemplates(deps.db, templateAccessOf(user), resolved);
  const roles = await listRolesOfTemplates(
    deps.db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) =>
    presentTemplateListItem(
      row,
      roles.filter((role) => role.template_id === row.id).map((role) => role.role_name),
      canEditTemplate(row, user),
    ),
  );
  return { items, total, paging: resolved.paging };
}

/** A template the user may see, with its roles and files; 404 for any other. */
export async function readTemplate(
  deps: Pick<TemplateDeps, 'db'>,
  user: SessionUser,
  templateId: string,
): Promise<Template> {
  const row = await loadVisibleTemplate(deps.db, user, templateId);
  const [roles, files] = await Promise.all([
    listRoles(deps.db, templateId),
    listTemplateFiles(deps.db, templateId),
  ]);
  return presentTemplate(row, roles, files, {
    canEdit: canEditTemplate(row, user),
    isOwner: row.owner_id === user.id,
  });
}

/** A group the user may share with: one they belong to (administrators: any). */
async function assertGroupAllowed(db: Kysely<Database>, user: SessionUser, groupId: string | null) {
  if (!groupId) return;
  if (!(await groupExists(db, groupId)) || (!user.isAdmin && !user.groupIds.includes(groupId))) {
    throw new AppError('validation', {
      issues: [{ path: 'GroupId', key: validationKeys.unknownGroup }],
    });
  }
}

function levelProblems(config: TemplateDeps['config'], level: string | null | undefined) {
  if (level && !(config.signatureLevels as string[]).includes(level))
    throw new AppError('validation', {
      issues: [{ path: 'MinimumSignatureLevel', key: validationKeys.signatureLevelNotAllowed }],
    });
}

function templateValues(input: SaveInput, now: Date) {
  return {
    name: input.Name,
    name_search: input.Name.toLowerCase(),
    note: input.Note,
    signature_process: input.SignatureProcess ?? null,
    minimum_signature_level: input.MinimumSignatureLevel ?? null,
    inspector_email: input.InspectorEmail,
    reminder_interval_days: input.ReminderIntervalInDays ?? null,
    language: input.Language ?? null,
    group_id: input.GroupId ?? null,
    group_can_edit: Boolean(input.GroupId) && input.GroupCanEdit,
    updated_at: now.toISOString(),
  };
}

function roleRows(
  templateId: string,
  roles: SaveInput['Roles'],
  current: Array<{ id: string }>,
): Insertable<TemplateRolesTable>[] {
  const available = new Set(current.map((role) => role.id));
  return roles.map((role, position) => ({
    // A role keeps its id across saves (the bulk file's columns and the use form name it).
    id: role.Guid && available.delete(role.Guid) ? role.Guid : randomUUID(),
    template_id: templateId,
    position,
    role_name: role.RoleName,
    name: role.Email ? role.Name : null,
    email: role.Email,
    organisation: role.Email ? role.Organisation : null,
    personal_identity_code: role.Email ? role.PersonalIdentityCode : null,
  }));
}

async function audit(
  db: Kysely<Database>,
  operation: (typeof auditOperations)['templateCreated' | 'templateChanged' | 'templateDeleted'],
  context: RequestContext,
  details: Record<string, unknown>,
  now: Date,
) {
  await recordAuditEvent(db, { operation, ...context, details }, now);
}

/**
 * A new template of the caller's; with files, their objects are copied in (a flow saved as a
 * template, a duplicate), stored first and recorded with the template.
 */
async function insertNewTemplate(
  deps: TemplateDeps,
  user: SessionUser,
  input: SaveInput,
  files: FileToCopy[],
  context: RequestContext,
): Promise<string> {
  await assertGroupAllowed(deps.db, user, input.GroupId ?? null);
  levelProblems(deps.config, input.MinimumSignatureLevel);
  const now = deps.clock.now();
  const id = randomUUID();
  const records: Insertable<TemplateFilesTable>[] = files.map((file) => {
    const fileId = randomUUID();
    return {
      id: fileId,
      template_id: id,
      kind: file.kind,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      storage_key: templateObjectKey(id, fileId),
      created_at: now.toISOString(),
    };
  });
  const sources = files.map((file, index) => ({
    key: records[index]?.storage_key ?? '',
    copyOf: file.storageKey,
  }));
  await storeAndRecord(deps, sources, async (trx) => {
    await insertTemplate(trx, {
      ...templateValues(input, now),
      id,
      owner_id: user.id,
      version: 1,
      created_at: now.toISOString(),
    });
    await replaceRoles(trx, id, roleRows(id, input.Roles, []));
    await insertTemplateFiles(trx, records);
    await audit(
      trx,
      auditOperations.templateCreated,
      context,
      { templateId: id, name: input.Name },
      now,
    );
  });
  return id;
}

export async function createTemplate(
  deps: TemplateDeps,
  user: SessionUser,
  input: SaveInput,
  context: RequestContext,
): Promise<Template> {
  const id = await insertNewTemplate(deps, user, input, [], context);
  return readTemplate(deps, user, id);
}

/**
 * Replaces a template's settings and roles (its files change by their own calls). Only its
 * owner, or a member of its group when the group may edit it (403 otherwise); with Version, a
 * save since the caller read it wins and this one is 409.
 */
export async function updateTemplate(
  deps: TemplateDeps,
  user: SessionUser,
  templateId: string,
  input: SaveInput,
  context: RequestContext,
): Promise<Template> {
  const row = await loadVisibleTemplate(deps.db, user, templateId);
  assertCanEdit(row, user);
  // Only the owner shares or stops sharing: a member could otherwise take it from the group.
  const groupId = row.owner_id === user.id ? (input.GroupId ?? null) : row.group_id;
  const groupCanEdit = row.owner_id === user.id ? input.GroupCanEdit : Boolean(row.group_can_edit);
  if (groupId !== row.group_id) await assertGroupAllowed(deps.db, user, groupId);
  levelProblems(deps.config, input.MinimumSignatureLevel);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const values = {
      ...templateValues({ ...input, GroupId: groupId, GroupCanEdit: groupCanEdit }, now),
    };
    if (!(await updateTemplateIfVersion(trx, templateId, input.Version, values)))
      throw await templateChanged(trx, user, templateId);
    await replaceRoles(
      trx,
      templateId,
      roleRows(templateId, input.Roles, await listRoles(trx, templateId)),
    );
    await audit(
      trx,
      auditOperations.templateChanged,
      context,
      { templateId, name: input.Name },
      now,
    );
  });
  return readTemplate(deps, user, templateId);
}

/** Deletes a template and its files; flows made of it keep their own copies. */
export async function deleteTemplate(
  deps: TemplateDeps,
  user: SessionUser,
  templateId: string,
  context: RequestContext,
) {
  const row = await loadVisibleTemplate(deps.db, user, templateId);
  assertCanEdit(row, user);
  const now = deps.clock.now();
  const keys = await deps.db.transaction().execute(async (trx) => {
    const files = await listTemplateFiles(trx, templateId);
    const storageKeys = files.map((file) => file.storage_key);
    await queueFileDeletions(trx, storageKeys, now);
    if (!(await deleteTemplateRow(trx, templateId))) throw new AppError('notFound');
    await audit(trx, auditOperations.templateDeleted, context, { templateId, name: row.name }, now);
    return storageKeys;
  });
  await removeStoredFiles(deps.storage, keys, deps.db);
}

const filesToCopy = (
  files: Array<{
    kind: 'signfile' | 'attachment';
    file_name: string;
    content_type: string;
    size: number | string;
    sha256: string;
    storage_key: string;
  }>,
): FileToCopy[] =>
  files.map((file) => ({
    kind: file.kind,
    fileName: file.file_name,
    contentType: file.content_type,
    size: Number(file.size),
    sha256: file.sha256,
    storageKey: file.storage_key,
  }));

/** A copy of a template the user may see, as their own private template (files copied). */
export async function duplicateTemplate(
  deps: TemplateDeps,
  user: SessionUser,
  templateId: string,
  name: string,
  context: RequestContext,
): Promise<Template> {
  const row = await loadVisibleTemplate(deps.db, user, templateId);
  const [roles, files] = await Promise.all([
    listRoles(deps.db, templateId),
    listTemplateFiles(deps.db, templateId),
  ]);
  const input: SaveInput = {
    Name: name,
    Note: row.note,
    SignatureProcess: row.signature_process,
    MinimumSignatureLevel: row.minimum_signature_level,
    InspectorEmail: row.inspector_email,
    ReminderIntervalInDays: row.reminder_interval_days,
    Language: (row.language as SaveInput['Language']) ?? null,
    Roles: roles.map((role) => ({
      RoleName: role.role_name,
      Name: role.name,
      Email: role.email,
      Organisation: role.organisation,
      PersonalIdentityCode: role.personal_identity_code,
    })),
    GroupId: null,
    GroupCanEdit: false,
  };
  const id = await insertNewTemplate(deps, user, input, filesToCopy(files), context);
  return readTemplate(deps, user, id);
}

/**
 * Keeps a flow the user may see (draft or sent) as a private template of theirs: its settings,
 * message and files (copied), its signers as roles — with them as the fixed people when
 * KeepSigners, else empty, named by their role or their order ("1", "2").
 */
export async function saveFlowAsTemplate(
  deps: TemplateDeps,
  user: SessionUser,
  flowId: string,
  request: SaveAsInput,
  context: RequestContext,
): Promise<Template> {
  const { flow, signers, files } = await readFlowForCopy(deps, user, flowId);
  const input: SaveInput = {
    Name: request.Name,
    Note: flow.note,
    SignatureProcess: flow.signature_process,
    MinimumSignatureLevel: flow.minimum_signature_level,
    InspectorEmail: flow.inspector_email,
    ReminderIntervalInDays: flow.reminder_interval_days,
    Language: (flow.language as SaveInput['Language']) ?? null,
    Roles: signers.map((signer, index) => ({
      RoleName: signer.role ?? String(index + 1),
      Name: request.KeepSigners ? signer.name || null : null,
      Email: request.KeepSigners ? signer.email : null,
      Organisation: request.KeepSigners ? signer.organisation : null,
      PersonalIdentityCode: request.KeepSigners ? signer.personal_identity_code : null,
    })),
    GroupId: null,
    GroupCanEdit: false,
  };
  const id = await insertNewTemplate(deps, user, input, files, context);
  return readTemplate(deps, user, id);
}
