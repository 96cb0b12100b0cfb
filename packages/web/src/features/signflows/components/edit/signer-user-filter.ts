import type { UserListItem } from '@esign/contract';

/** Whether a user already signs the flow (by e-mail, as typed in the signer rows). */
export function isSignerAmong(signerEmails: readonly string[]): (user: UserListItem) => boolean {
  const taken = new Set(signerEmails.map((email) => email.trim().toLowerCase()));
  return (user) => taken.has(user.Email.toLowerCase());
}
