import type { GroupListItem, GroupUser, GroupUsersWithStamp, UserListItem } from '@esign/contract';
import type { UserGroupsTable } from '../db/schema.ts';

export function presentUserListItem(row: {
  id: string;
  display_name: string;
  email: string;
}): UserListItem {
  return { Id: row.id, DisplayName: row.display_name, Email: row.email };
}

export function presentGroupListItem(row: {
  id: string;
  name: string;
  role_type: string;
}): GroupListItem {
  return { Id: row.id, Name: row.name, Type: row.role_type as GroupListItem['Type'] };
}

export function presentGroupUser(row: {
  id: string;
  email: string;
  display_name: string;
  title: string | null;
  organisation: string | null;
}): GroupUser {
  return {
    UserId: row.id,
    Email: row.email,
    DisplayName: row.display_name,
    Title: row.title,
    Organisation: row.organisation,
  };
}

/** GetGroupUsers' answer: the members, the group identifier and the stamp to send back. */
export function presentGroupUsers(
  group: Pick<UserGroupsTable, 'haka_group_id' | 'concurrency_stamp'>,
  members: Parameters<typeof presentGroupUser>[0][],
): GroupUsersWithStamp {
  return {
    GroupUsers: members.map(presentGroupUser),
    HakaGroupId: group.haka_group_id,
    ConcurrencyStamp: group.concurrency_stamp,
  };
}
