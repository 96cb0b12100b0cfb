import type { Insertable, Kysely } from 'kysely';
import type { Database, UserGroupsTable } from '../db/schema.ts';

type Db = Kysely<Database>;

/** Every user who has logged in, by name and then e-mail. */
export function listUserRows(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'display_name', 'email'])
    .orderBy('display_name')
    .orderBy('email')
    .execute();
}

/** All groups, or only those memberId belongs to, by name. */
export function listGroupRows(db: Db, memberId?: string) {
  let query = db
    .selectFrom('user_groups')
    .select(['user_groups.id', 'user_groups.name', 'user_groups.role_type']);
  if (memberId !== undefined) {
    query = query
      .innerJoin('user_group_members', 'user_group_members.group_id', 'user_groups.id')
      .where('user_group_members.user_id', '=', memberId);
  }
  return query.orderBy('user_groups.name').execute();
}

export function findGroupRow(db: Db, groupId: string) {
  return db.selectFrom('user_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
}

export async function isGroupNameTaken(db: Db, normalizedName: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .select('id')
    .where('normalized_name', '=', normalizedName)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertGroupRow(db: Db, row: Insertable<UserGroupsTable>): Promise<void> {
  await db.insertInto('user_groups').values(row).execute();
}

/** Deletes the group and its memberships; its flows' group_id becomes null (the foreign key). */
export async function deleteGroupRow(db: Db, groupId: string): Promise<boolean> {
  const result = await db.deleteFrom('user_groups').where('id', '=', groupId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The group's members with their profiles, by name. */
export function listMemberRows(db: Db, groupId: string) {
  return db
    .selectFrom('user_group_members')
    .innerJoin('users', 'users.id', 'user_group_members.user_id')
    .select(['users.id', 'users.email', 'users.display_name', 'users.title', 'users.organisation'])
    .where('user_group_members.group_id', '=', groupId)
    .orderBy('users.display_name')
    .orderBy('users.email')
    .execute();
}

/** Those of the given ids that name existing users. */
export async function findExistingUserIds(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', userIds).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Sets the identifier and a new stamp only if the stored stamp is still the expected one;
 * answers whether it did. The condition and the write are one statement, so two savers of
 * the same stamp cannot both succeed.
 */
export async function updateGroupIfStamp(
  db: Db,
  groupId: string,
  expectedStamp: string,
  changes: { hakaGroupId: string | null; newStamp: string },
): Promise<boolean> {
  const result = await db
    .updateTable('user_groups')
    .set({ haka_group_id: changes.hakaGroupId, concurrency_stamp: changes.newStamp })
    .where('id', '=', groupId)
    .where('concurrency_stamp', '=', expectedStamp)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Makes exactly these users the group's members. */
export async function replaceMembers(db: Db, groupId: string, userIds: string[]): Promise<void> {
  await db.deleteFrom('user_group_members').where('group_id', '=', groupId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('user_group_members')
    .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
    .execute();
}
