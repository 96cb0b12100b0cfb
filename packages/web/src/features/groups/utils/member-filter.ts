import type { UserListItem } from '@esign/contract';

/** Whether a user is already among the group's members (by user id). */
export function isMemberOf(memberIds: readonly string[]): (user: UserListItem) => boolean {
  const members = new Set(memberIds);
  return (user) => members.has(user.Id);
}
