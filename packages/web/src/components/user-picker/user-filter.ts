import type { UserListItem } from '@esign/contract';

/** How many matches a user picker lists at once; more typing narrows the list. */
export const maxUserMatches = 20;

/**
 * The users whose name or e-mail contains every word typed (case- and accent-insensitive),
 * leaving out those `isExcluded` names (already chosen), at most `maxUserMatches` of them.
 */
export function matchUsers(
  users: readonly UserListItem[],
  query: string,
  isExcluded: (user: UserListItem) => boolean,
): UserListItem[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  return users
    .filter((user) => !isExcluded(user))
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
