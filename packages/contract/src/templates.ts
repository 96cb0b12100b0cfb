import { z } from 'zod';
import { FileInfo, IsoDateTime } from './entities.ts';
import { ErrorBody } from './errors.ts';
import { SignatureLevel, SignatureProcess } from './enums.ts';
import { Language } from './languages.ts';
import {
  identityCode,
  optionalEmail,
  optionalText,
  personEmail,
  personName,
} from './person-fields.ts';
import { OptionalRecordId, plainText } from './plain-text.ts';
import { maxPageSize, SignFlowSortOrder } from './signflow-list.ts';
import { limits, validationKeys as v } from './validation.ts';

/*
 * Templates (issue 18): a flow kept for use again. Its signers are roles ("Employee"), each
 * optionally filled with a fixed person; using it makes a new flow with everything copied.
 */

export const templatePaths = {
  templates: '/api/esign/Templates',
} as const;

export const templateRoutes = {
  template: '/api/esign/Templates/:templateId',
  templateSignFlows: '/api/esign/Templates/:templateId/signflows',
  templateSignFile: '/api/esign/Templates/:templateId/signfile',
  templateAttachment: '/api/esign/Templates/:templateId/attachment',
  templateAttachmentItem: '/api/esign/Templates/:templateId/attachment/:fileId',
  templateFile: '/api/esign/Templates/:templateId/files/:fileId',
  templateDuplicate: '/api/esign/Templates/:templateId/duplicate',
  signFlowTemplate: '/api/esign/SignFlows/:signFlowId/template',
} as const;

export const templateLimits = {
  nameMaxLength: limits.signFlowNameMaxLength,
  roleNameMaxLength: 200,
} as const;

/** A template's name: required, as a flow's is. */
const templateName = () =>
  z
    .string({ error: v.nameRequired })
    .trim()
    .min(1, v.nameRequired)
    .max(templateLimits.nameMaxLength, v.maxLength)
    .check(plainText());

/** One role as the template's editor writes it; Email set means a fixed person signs it. */
export const TemplateRoleInput = z.object({
  Guid: OptionalRecordId.nullish(),
  RoleName: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(templateLimits.roleNameMaxLength, v.maxLength)
    .check(plainText()),
  Name: optionalText(limits.signerNameMaxLength),
  Email: optionalEmail(v.invalidSignerEmail),
  Organisation: optionalText(limits.signerNameMaxLength),
  PersonalIdentityCode: identityCode(),
});
export type TemplateRoleInput = z.input<typeof TemplateRoleInput>;

/** POST Templates (create) and PUT Templates/{id} (replace) take this. */
export const TemplateSaveRequest = z.object({
  Name: templateName(),
  /** The message to the signers (the flow's note). */
  Note: optionalText(limits.noteMaxLength, { multiline: true }),
  SignatureProcess: SignatureProcess.nullish(),
  MinimumSignatureLevel: SignatureLevel.nullish(),
  InspectorEmail: optionalEmail(v.invalidEmail),
  ReminderIntervalInDays: z.number().int().min(1).max(365).nullish(),
  Language: Language.nullish(),
  Roles: z.array(TemplateRoleInput).max(limits.maxSigners, v.tooManySigners).default([]),
  /** Shared with this user group (its members use it); null: the caller's own. */
  GroupId: OptionalRecordId.nullish(),
  /** The group's members may also change and delete it. */
  GroupCanEdit: z.boolean().default(false),
  /** PUT: the Version the caller read; another save since then makes this one 409. */
  Version: z.number().int().min(1).optional(),
});
export type TemplateSaveRequest = z.input<typeof TemplateSaveRequest>;

export const TemplateRole = z.object({
  Guid: z.string(),
  RoleName: z.string(),
  Name: z.string().nullable(),
  Email: z.string().nullable(),
  Organisation: z.string().nullable(),
  PersonalIdentityCode: z.string().nullable(),
});
export type TemplateRole = z.infer<typeof TemplateRole>;

export const Template = z.object({
  Guid: z.string(),
  Name: z.string(),
  Note: z.string().nullable(),
  SignatureProcess: SignatureProcess.nullable(),
  MinimumSignatureLevel: SignatureLevel.nullable(),
  InspectorEmail: z.string().nullable(),
  ReminderIntervalInDays: z.number().int().nullable(),
  Language: z.string().nullable(),
  Roles: z.array(TemplateRole),
  SignFileInfo: FileInfo.nullable(),
  AttachmentInfo: z.array(FileInfo),
  GroupId: z.string().nullable(),
  GroupName: z.string().nullable(),
  GroupCanEdit: z.boolean(),
  OwnerName: z.string(),
  OwnerEmail: z.string(),
  /** Whether the caller may change and delete it (its owner; the group's members when GroupCanEdit). */
  CanEdit: z.boolean(),
  /** Whether the caller owns it (only the owner shares it or stops sharing it). */
  IsOwner: z.boolean(),
  Version: z.number().int(),
  CreationDate: IsoDateTime,
  LastModifiedDate: IsoDateTime,
});
export type Template = z.infer<typeof Template>;

/**
 * The 409 of a template save that lost to another (its Version had moved on): `current` is the
 * template as it is now, so the caller can show it and save again.
 */
export const TemplateConflictBody = ErrorBody.omit({ current: true }).extend({ current: Template });
export type TemplateConflictBody = z.infer<typeof TemplateConflictBody>;

export const TemplateListItem = z.object({
  Guid: z.string(),
  Name: z.string(),
  RoleNames: z.array(z.string()),
  GroupName: z.string().nullable(),
  OwnerName: z.string(),
  CanEdit: z.boolean(),
  CreationDate: IsoDateTime,
  LastModifiedDate: IsoDateTime,
});
export type TemplateListItem = z.infer<typeof TemplateListItem>;

export const TemplateSortColumn = z.enum(['Name', 'CreationDate', 'LastModifiedDate']);
export type TemplateSortColumn = z.infer<typeof TemplateSortColumn>;

export const TemplateListQuery = z.object({
  q: z.string().trim().max(200, v.maxLength).check(plainText()).optional(),
  sort: TemplateSortColumn.optional(),
  order: SignFlowSortOrder.optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).optional(),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

export const defaultTemplateListQuery = {
  q: '',
  sort: 'Name',
  order: 'asc',
  page: 1,
  pageSize: 20,
} as const satisfies Required<TemplateListQuery>;

export const TemplatePage = z.object({
  Items: z.array(TemplateListItem),
  Total: z.number().int().nonnegative(),
  Page: z.number().int().min(1),
  PageSize: z.number().int().min(1),
});
export type TemplatePage = z.infer<typeof TemplatePage>;

/** The person who signs in a role when the template is used. */
export const TemplatePersonInput = z.object({
  /** The role (TemplateRole.Guid) this person fills. */
  RoleGuid: OptionalRecordId.min(1, v.required),
  Name: personName(),
  Email: personEmail(v.signerEmailRequired, v.invalidSignerEmail),
  Organisation: optionalText(limits.signerNameMaxLength),
  PersonalIdentityCode: identityCode(),
});
export type TemplatePersonInput = z.input<typeof TemplatePersonInput>;

/** POST Templates/{id}/signflows: a new flow from the template. */
export const TemplateUseRequest = z.object({
  /** The people of the roles without a fixed person (a fixed person may be replaced too). */
  Signers: z.array(TemplatePersonInput).max(limits.maxSigners, v.tooManySigners).default([]),
  /** The flow's name; left out, the template's. */
  Name: optionalText(limits.signFlowNameMaxLength),
  /** The message to the signers; left out, the template's. */
  Note: optionalText(limits.noteMaxLength, { multiline: true }),
  /**
   * Send the flow at once (the checks of sending apply; every role needs a person); otherwise
   * it stays a draft, and a role given no person and without a fixed one is left empty (no
   * name, no address) for the sender to fill before sending.
   */
  Send: z.boolean().default(false),
});
export type TemplateUseRequest = z.input<typeof TemplateUseRequest>;

/** POST SignFlows/{id}/template: the flow kept as a template of this name. */
export const SaveAsTemplateRequest = z.object({
  Name: templateName(),
  /** Keep the flow's signers as the roles' fixed people; otherwise the roles are left empty. */
  KeepSigners: z.boolean().default(true),
});
export type SaveAsTemplateRequest = z.input<typeof SaveAsTemplateRequest>;

export const TemplateIdParams = z.object({ templateId: OptionalRecordId.min(1) });
export const TemplateFileParams = z.object({
  templateId: OptionalRecordId.min(1),
  fileId: OptionalRecordId.min(1),
});
