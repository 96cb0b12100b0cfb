import { randomUUID } from 'node:crypto';
import {
  groupErrorKeys,
  groupIssueKeys,
  normalizeGroupName,
  type GroupListItem,
  type GroupUpdateRequest,
  type GroupUsersWithStamp,
  type RoleType,
  type UserListItem,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import {
  presentGroupListItem,
  presentGroupUsers,
  presentUserListItem,
} from './groups.presenter.ts';
import {
  deleteGroupRow,
  findExistingUserIds,
  findGroupRow,
  insertGroupRow,
  isGroupNameTaken,
  listGroupRows,
  listMemberRows,
  listUserRows,
  replaceMembers,
  updateGroupIfStamp,
} from './groups.repository.ts';

type Db = Kysely<Database>;
type UpdateInput = z.output<typeof GroupUpdateRequest>;

const nameTaken = () =>
  new AppError('validation', { issues: [{ path: 'name', key: groupIssueKeys.nameTaken }] });

/** The unique index's answer when two administrators create the same name at once. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Creates an empty group, in one transaction; a name another group has (ignoring case) is refused. */
export async function createGroup(
  db: Db,
  input: { name: string; type: RoleType },
  now: Date,
): Promise<GroupListItem> {
  return db.transaction().execute((trx) => insertGroup(trx, input, now));
}

async function insertGroup(
  db: Db,
  input: { name: string; type: RoleType },
  now: Date,
): Promise<GroupListItem> {
  const normalizedName = normalizeGroupName(input.name);
  if (await isGroupNameTaken(db, normalizedName)) throw nameTaken();
  const row = {
    id: randomUUID(),
    name: input.name,
    normalized_name: normalizedName,
    concurrency_stamp: randomUUID(),
    role_type: input.type,
    haka_group_id: null,
    created_at: now.toISOString(),
  };
  try {
    await insertGroupRow(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return presentGroupListItem(row);
}

/** Users who have logged in to the portal. */
export async function listUsers(db: Db): Promise<UserListItem[]> {
  return (await listUserRows(db)).map(presentUserListItem);
}

/** The groups a user may choose: all of them for an administrator, else those they belong to. */
export async function listGroupsFor(
  db: Db,
  user: { id: string; isAdmin: boolean } | undefined,
): Promise<GroupListItem[]> {
  const rows = await listGroupRows(db, user?.isAdmin ? undefined : (user?.id ?? ''));
  return rows.map(presentGroupListItem);
}

/** Deletes the group; its flows stay with their owners and no longer belong to a group. */
export async function deleteGroup(db: Db, groupId: string): Promise<void> {
  if (!(await deleteGroupRow(db, groupId))) throw new AppError('notFound');
}

/** The group's members, identifier and current stamp. */
export async function readGroupUsers(db: Db, groupId: string): Promise<GroupUsersWithStamp> {
  const group = await findGroupRow(db, groupId);
  if (!group) throw new AppError('notFound');
  return presentGroupUsers(group, await listMemberRows(db, groupId));
}

/**
 * Replaces the members and the identifier, in one transaction, only if nobody saved the group
 * since the caller read it (the stamp still matches); then the group has a new stamp.
 */
export async function updateGroup(db: Db, input: UpdateInput): Promise<GroupUsersWithStamp> {
  return db.transaction().execute((trx) => replaceGroup(trx, input));
}

async function replaceGroup(db: Db, input: UpdateInput): Promise<GroupUsersWithStamp> {
  const userIds = [...new Set(input.Users)];
  const existing = await findExistingUserIds(db, userIds);
  const unknown = input.Users.findIndex((id) => !existing.has(id));
  if (unknown >= 0) {
    throw new AppError('validation', {
      issues: [{ path: `Users.${unknown}`, key: groupIssueKeys.unknownUser }],
    });
  }
  const updated = await updateGroupIfStamp(db, input.GroupId, input.ConcurrencyStamp, {
    hakaGroupId: input.HakaGroupId,
    newStamp: randomUUID(),
  });
  if (!updated) {
    if (!(await findGroupRow(db, input.GroupId))) throw new AppError('notFound');
    throw new AppError('conflict', { key: groupErrorKeys.conflict });
  }
  await replaceMembers(db, input.GroupId, userIds);
  return readGroupUsers(db, input.GroupId);
}
