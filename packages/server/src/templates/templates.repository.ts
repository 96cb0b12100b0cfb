import { sql, type Insertable, type Kysely } from 'kysely';
import type {
  Database,
  TemplateFilesTable,
  TemplateRolesTable,
  TemplatesTable,
} from '../db/schema.ts';

/** Whose templates a user may see: their own, and those shared with a group they belong to. */
export interface TemplateAccess {
  userId: string;
  groupIds: string[];
}

/** Templates with the names the list and the detail show beside them, as the user may see them. */
function visibleWithNames(db: Kysely<Database>, access: TemplateAccess) {
  const query = db
    .selectFrom('templates')
    .innerJoin('users as owner', 'owner.id', 'templates.owner_id')
    .leftJoin('user_groups as grp', 'grp.id', 'templates.group_id');
  return access.groupIds.length === 0
    ? query.where('templates.owner_id', '=', access.userId)
    : query.where((eb) =>
        eb.or([
          eb('templates.owner_id', '=', access.userId),
          eb('templates.group_id', 'in', access.groupIds),
        ]),
      );
}

const namedColumns = [
  'owner.display_name as owner_name',
  'owner.email as owner_email',
  'grp.name as group_name',
] as const;

export type TemplateSortColumn = 'Name' | 'CreationDate' | 'LastModifiedDate';
const sortColumns = {
  Name: 'templates.name_search',
  CreationDate: 'templates.created_at',
  LastModifiedDate: 'templates.updated_at',
} as const;

/** Escapes LIKE's wildcards so a search for "50%" means the text itself. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface TemplateListQuery {
  q: string;
  sort: TemplateSortColumn;
  order: 'asc' | 'desc';
  paging: { page: number; pageSize: number } | null;
}

/** The templates a user may see, searched and sorted in the database; one page when asked. */
export async function listTemplates(
  db: Kysely<Database>,
  access: TemplateAccess,
  query: TemplateListQuery,
) {
  let base = visibleWithNames(db, access);
  if (query.q !== '') {
    base = base.where(
      sql<boolean>`${sql.ref('templates.name_search')} like ${likePattern(query.q)} escape '\\'`,
    );
  }
  const sorted = base
    .selectAll('templates')
    .select([...namedColumns])
    .orderBy(sortColumns[query.sort], query.order)
    .orderBy('templates.id', query.order);
  const { paging } = query;
  if (paging === null) {
    const rows = await sorted.execute();
    return { rows, total: rows.length };
  }
  const [rows, count] = await Promise.all([
    sorted
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A template the user may see (own or shared with their group), with its owner's and group's names. */
export function findVisibleTemplate(
  db: Kysely<Database>,
  access: TemplateAccess,
  templateId: string,
) {
  return visibleWithNames(db, access)
    .selectAll('templates')
    .select([...namedColumns])
    .where('templates.id', '=', templateId)
    .executeTakeFirst();
}

export function listRoles(db: Kysely<Database>, templateId: string) {
  return db
    .selectFrom('template_roles')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('position')
    .execute();
}

/** The role names of many templates, in order, for the list. */
export function listRolesOfTemplates(db: Kysely<Database>, templateIds: string[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_roles')
    .select(['template_id', 'role_name'])
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('position')
    .execute();
}

export function listTemplateFiles(
  db: Kysely<Database>,
  templateId: string,
  kind?: 'signfile' | 'attachment',
) {
  let query = db.selectFrom('template_files').selectAll().where('template_id', '=', templateId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at').orderBy('id').execute();
}

export function findTemplateFile(db: Kysely<Database>, templateId: string, fileId: string) {
  return db
    .selectFrom('template_files')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

export async function insertTemplate(db: Kysely<Database>, row: Insertable<TemplatesTable>) {
  await db.insertInto('templates').values(row).execute();
}

/**
 * Changes a template only if it is still at the version the caller read (any version when
 * expected is undefined), moving it to the next one; false when another change won.
 */
export async function updateTemplateIfVersion(
  db: Kysely<Database>,
  templateId: string,
  expected: number | undefined,
  values: Partial<Insertable<TemplatesTable>> & { updated_at: string },
): Promise<boolean> {
  let query = db
    .updateTable('templates')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', templateId);
  if (expected !== undefined) query = query.where('version', '=', expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTemplateRow(db: Kysely<Database>, templateId: string) {
  const result = await db.deleteFrom('templates').where('id', '=', templateId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRoles(
  db: Kysely<Database>,
  templateId: string,
  roles: Insertable<TemplateRolesTable>[],
) {
  await db.deleteFrom('template_roles').where('template_id', '=', templateId).execute();
  if (roles.length > 0) await db.insertInto('template_roles').values(roles).execute();
}

export async function insertTemplateFiles(
  db: Kysely<Database>,
  files: Insertable<TemplateFilesTable>[],
) {
  if (files.length === 0) return;
  await db.insertInto('template_files').values(files).execute();
}

export async function deleteTemplateFiles(db: Kysely<Database>, fileIds: string[]) {
  if (fileIds.length === 0) return;
  await db.deleteFrom('template_files').where('id', 'in', fileIds).execute();
}

/** The current version of a template (for a 409's current state); undefined when it is gone. */
export async function templateVersion(db: Kysely<Database>, templateId: string) {
  const row = await db
    .selectFrom('templates')
    .select(['version', 'updated_at'])
    .where('id', '=', templateId)
    .executeTakeFirst();
  return row;
}

/** Whether a group of this id exists (a template's Group must name one). */
export async function groupExists(db: Kysely<Database>, groupId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .select('id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A template row as a user who may see it reads it (with its group's and owner's names). */
export type VisibleTemplate = NonNullable<Awaited<ReturnType<typeof findVisibleTemplate>>>;
