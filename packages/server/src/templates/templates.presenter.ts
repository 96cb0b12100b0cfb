import type { Template, TemplateListItem, TemplateRole } from '@esign/contract';
import { toIsoString } from '../db/database.ts';
import type { TemplateFileRow, TemplateRoleRow } from '../db/schema.ts';
import { cleanFileName } from '../files/file-name.ts';
import type { VisibleTemplate } from './templates.repository.ts';

export function presentRole(row: TemplateRoleRow): TemplateRole {
  return {
    Guid: row.id,
    RoleName: row.role_name,
    Name: row.name,
    Email: row.email,
    Organisation: row.organisation,
    PersonalIdentityCode: row.personal_identity_code,
  };
}

const fileInfo = (file: TemplateFileRow) => ({
  Guid: file.id,
  FileName: cleanFileName(file.file_name),
});

export function presentTemplate(
  row: VisibleTemplate,
  roles: TemplateRoleRow[],
  files: TemplateFileRow[],
  access: { canEdit: boolean; isOwner: boolean },
): Template {
  const signFile = files.find((file) => file.kind === 'signfile');
  return {
    Guid: row.id,
    Name: row.name,
    Note: row.note,
    SignatureProcess: row.signature_process,
    MinimumSignatureLevel: row.minimum_signature_level,
    InspectorEmail: row.inspector_email,
    ReminderIntervalInDays: row.reminder_interval_days,
    Language: row.language,
    Roles: roles.map(presentRole),
    SignFileInfo: signFile ? fileInfo(signFile) : null,
    AttachmentInfo: files.filter((file) => file.kind === 'attachment').map(fileInfo),
    GroupId: row.group_id,
    GroupName: row.group_name,
    // A removed group leaves the switch behind; without a group it means nothing.
    GroupCanEdit: Boolean(row.group_can_edit) && row.group_id !== null,
    OwnerName: row.owner_name,
    OwnerEmail: row.owner_email,
    CanEdit: access.canEdit,
    IsOwner: access.isOwner,
    Version: row.version,
    CreationDate: toIsoString(row.created_at),
    LastModifiedDate: toIsoString(row.updated_at),
  };
}

export function presentTemplateListItem(
  row: VisibleTemplate,
  roleNames: string[],
  canEdit: boolean,
): TemplateListItem {
  return {
    Guid: row.id,
    Name: row.name,
    RoleNames: roleNames,
    GroupName: row.group_name,
    OwnerName: row.owner_name,
    CanEdit: canEdit,
    CreationDate: toIsoString(row.created_at),
    LastModifiedDate: toIsoString(row.updated_at),
  };
}
