import type { UserListItem } from '@esign/contract';

/** How many matches the picker lists at once; more typing narrows the list. */
export const maxUserMatches = 20;

/**
 * The users whose name or e-mail contains every word typed (case- and accent-insensitive),
 * leaving out those already among the signers.
 */
export function filterUsers(
  users: readonly UserListItem[],
  query: string,
  signerEmails: readonly string[],
): UserListItem[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const taken = new Set(signerEmails.map((email) => email.trim().toLowerCase()));
  return users
    .filter((user) => !taken.has(user.Email.toLowerCase()))
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
