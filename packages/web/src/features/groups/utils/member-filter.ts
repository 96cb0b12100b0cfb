import type { UserListItem } from '@esign/contract';

/** How many matches the picker lists at once; more typing narrows the list. */
export const maxUserMatches = 20;

/**
 * The users whose name or e-mail contains every word typed (case- and accent-insensitive),
 * leaving out the group's members.
 */
export function filterCandidates(
  users: readonly UserListItem[],
  query: string,
  memberIds: readonly string[],
): UserListItem[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const members = new Set(memberIds);
  return users
    .filter((user) => !members.has(user.Id))
    .filter((user) => {
      const text = normalise(`${user.DisplayName} ${user.Email}`);
      return words.every((word) => text.includes(word));
    })
    .slice(0, maxUserMatches);
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
