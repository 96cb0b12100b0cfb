import type {
  GroupUpdateRequest,
  GroupUser,
  GroupUsersWithStamp,
  UserListItem,
} from '@esign/contract';

/** A group as the editor changes it before saving. */
export interface GroupDraft {
  members: GroupUser[];
  identifier: string;
}

export function draftOf(group: GroupUsersWithStamp): GroupDraft {
  return { members: group.GroupUsers, identifier: group.HakaGroupId ?? '' };
}

/** Adds a portal user as a member, once; the list stays sorted by name. */
export function addMember(draft: GroupDraft, user: UserListItem): GroupDraft {
  if (draft.members.some((member) => member.UserId === user.Id)) return draft;
  const added: GroupUser = {
    UserId: user.Id,
    Email: user.Email,
    DisplayName: user.DisplayName,
    Title: null,
    Organisation: null,
  };
  const members = [...draft.members, added].sort(
    (a, b) => a.DisplayName.localeCompare(b.DisplayName) || a.Email.localeCompare(b.Email),
  );
  return { ...draft, members };
}

export function removeMember(draft: GroupDraft, userId: string): GroupDraft {
  return { ...draft, members: draft.members.filter((member) => member.UserId !== userId) };
}

/** Who the draft adds to and removes from the saved group. */
export function memberChanges(
  saved: GroupUsersWithStamp,
  draft: GroupDraft,
): { added: string[]; removed: string[] } {
  const before = new Set(saved.GroupUsers.map((member) => member.UserId));
  const after = new Set(draft.members.map((member) => member.UserId));
  return {
    added: [...after].filter((id) => !before.has(id)),
    removed: [...before].filter((id) => !after.has(id)),
  };
}

/** True when saving would change the group: members or the (trimmed) identifier differ. */
export function hasUnsavedChanges(saved: GroupUsersWithStamp, draft: GroupDraft): boolean {
  const { added, removed } = memberChanges(saved, draft);
  const identifier = draft.identifier.trim();
  return added.length > 0 || removed.length > 0 || identifier !== (saved.HakaGroupId ?? '');
}

/** The UpdateGroup body: the draft's members and identifier with the stamp last read. */
export function updateRequestOf(
  groupId: string,
  saved: GroupUsersWithStamp,
  draft: GroupDraft,
): GroupUpdateRequest {
  const identifier = draft.identifier.trim();
  return {
    GroupId: groupId,
    Users: draft.members.map((member) => member.UserId),
    HakaGroupId: identifier === '' ? null : identifier,
    ConcurrencyStamp: saved.ConcurrencyStamp,
  };
}
