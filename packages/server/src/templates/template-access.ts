import { validationKeys } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { SessionUser } from '../http/request-context.ts';
import { presentTemplate } from './templates.presenter.ts';
import {
  findVisibleTemplate,
  listRoles,
  listTemplateFiles,
  type TemplateAccess,
  type VisibleTemplate,
} from './templates.repository.ts';

export type { VisibleTemplate };

export function templateAccessOf(user: SessionUser): TemplateAccess {
  return { userId: user.id, groupIds: user.groupIds };
}

/** The template if this user may see (and so use) it; otherwise 404, so its existence does not leak. */
export async function loadVisibleTemplate(
  db: Kysely<Database>,
  user: SessionUser,
  templateId: string,
): Promise<VisibleTemplate> {
  const template = await findVisibleTemplate(db, templateAccessOf(user), templateId);
  if (!template) throw new AppError('notFound');
  return template;
}

/** Its owner changes a template; so do its group's members when the group may edit it. */
export function canEditTemplate(
  template: { owner_id: string; group_id: string | null; group_can_edit: boolean | number },
  user: SessionUser,
): boolean {
  if (template.owner_id === user.id) return true;
  return (
    Boolean(template.group_can_edit) &&
    template.group_id !== null &&
    user.groupIds.includes(template.group_id)
  );
}

/** A template the user may see but not change: 403. */
export function assertCanEdit(template: VisibleTemplate, user: SessionUser) {
  if (!canEditTemplate(template, user)) throw new AppError('forbidden');
}

/**
 * Another change won since the caller read the template: 409, nothing changed, with the
 * template as it is now (`current`, read in the losing transaction) to show and save again.
 */
export async function templateChanged(
  db: Kysely<Database>,
  user: SessionUser,
  templateId: string,
): Promise<AppError> {
  const row = await findVisibleTemplate(db, templateAccessOf(user), templateId);
  if (!row) return new AppError('notFound');
  const [roles, files] = await Promise.all([
    listRoles(db, templateId),
    listTemplateFiles(db, templateId),
  ]);
  return new AppError('conflict', {
    issues: [{ path: 'Version', key: validationKeys.changedMeanwhile }],
    current: presentTemplate(row, roles, files, {
      canEdit: canEditTemplate(row, user),
      isOwner: row.owner_id === user.id,
    }),
  });
}
