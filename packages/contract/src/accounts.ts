import { z } from 'zod';
import { IsoDateTime } from './entities.ts';
import { plainText, RecordId } from './plain-text.ts';
import { limits, validationKeys as v } from './validation.ts';

/**
 * The built-in login's accounts (an addition to SPEC §7): a signed-in account changes its own
 * password, an administrator lists, adds and removes accounts. Offered only while the built-in
 * login is the portal's login (`BuiltInLogin` in the common config); otherwise the calls are 404.
 */
export const accountPaths = {
  changePassword: '/api/esign/Accounts/ChangePassword',
  listAccounts: '/api/esign/Accounts/ListAccounts',
  createAccount: '/api/esign/Accounts/CreateAccount',
  deleteAccount: '/api/esign/Accounts/DeleteAccount',
} as const;

/** The password rule: long enough to resist guessing, short enough to hash cheaply. */
export const passwordPolicy = { minLength: 12, maxLength: 1000 } as const;

/** The longest name, title and organisation an account holds (the database columns'). */
export const accountProfileMaxLength = 200;

/** Message keys of the accounts' calls, translated under accounts.errors in every catalogue. */
export const accountErrorKeys = {
  /** The password given as the current one is not. */
  wrongCurrentPassword: 'accounts.errors.wrongCurrentPassword',
  /** Shorter than passwordPolicy.minLength (params: n). */
  passwordTooShort: 'accounts.errors.passwordTooShort',
  /** The new password is the account's e-mail address. */
  passwordIsEmail: 'accounts.errors.passwordIsEmail',
  /** The new password is the current one. */
  passwordUnchanged: 'accounts.errors.passwordUnchanged',
  /** Another account has this e-mail address. */
  emailTaken: 'accounts.errors.emailTaken',
  /** The demo profile's accounts keep the passwords its login page lists. */
  demoAccount: 'accounts.errors.demoAccount',
  /** An administrator removes other accounts, never their own. */
  cannotRemoveSelf: 'accounts.errors.cannotRemoveSelf',
  /** Removing it would leave no administrator account. */
  lastAdministrator: 'accounts.errors.lastAdministrator',
} as const;
export type AccountErrorKey = (typeof accountErrorKeys)[keyof typeof accountErrorKeys];

/** The English texts of the keys above (the server sends them beside the key). */
export const accountErrorMessages: Record<AccountErrorKey, string> = {
  'accounts.errors.wrongCurrentPassword': 'The current password is wrong.',
  'accounts.errors.passwordTooShort': `The password must be at least ${passwordPolicy.minLength} characters long.`,
  'accounts.errors.passwordIsEmail': 'The password must not be the e-mail address.',
  'accounts.errors.passwordUnchanged': 'The new password must differ from the current one.',
  'accounts.errors.emailTaken': 'Another account already has this e-mail address.',
  'accounts.errors.demoAccount':
    'The demo accounts keep the passwords the login page lists; they cannot be changed or removed.',
  'accounts.errors.cannotRemoveSelf': 'You cannot remove your own account.',
  'accounts.errors.lastAdministrator':
    'This is the last administrator account. Make another account an administrator first.',
};

/** A new password as a form sends it: the length rule (the other rules need the account). */
export const NewPassword = z
  .string({ error: v.required })
  .min(1, v.required)
  .min(passwordPolicy.minLength, accountErrorKeys.passwordTooShort)
  .max(passwordPolicy.maxLength, v.maxLength);

/**
 * The rules that need the account: not its e-mail address, not the current password. Answers
 * the key of the first one broken, or null. The server checks them; the web app may too.
 */
export function passwordRuleBroken(
  password: string,
  account: { email: string; currentPassword?: string },
): AccountErrorKey | null {
  if (password.length < passwordPolicy.minLength) return accountErrorKeys.passwordTooShort;
  if (password.trim().toLowerCase() === account.email.trim().toLowerCase())
    return accountErrorKeys.passwordIsEmail;
  if (account.currentPassword !== undefined && password === account.currentPassword)
    return accountErrorKeys.passwordUnchanged;
  return null;
}

/** POST ChangePassword: the signed-in account's current password and the new one. */
export const ChangePasswordRequest = z.object({
  CurrentPassword: z
    .string({ error: v.required })
    .min(1, v.required)
    .max(passwordPolicy.maxLength, v.maxLength),
  NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

const optionalProfileText = z
  .string()
  .trim()
  .max(accountProfileMaxLength, v.maxLength)
  .check(plainText())
  .nullish()
  .transform((value) => (value ? value : null));

/** POST CreateAccount: the administrator types the initial password, which the person changes. */
export const CreateAccountRequest = z.object({
  Email: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(limits.emailMaxLength, v.maxLength)
    .check(plainText())
    .pipe(z.email(v.invalidEmail)),
  DisplayName: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(accountProfileMaxLength, v.maxLength)
    .check(plainText()),
  Title: optionalProfileText,
  Organisation: optionalProfileText,
  IsAdmin: z.boolean().default(false),
  Password: NewPassword,
});
export type CreateAccountRequest = z.input<typeof CreateAccountRequest>;
/** CreateAccount's body as the server reads it (trimmed, defaults filled in). */
export type NewAccount = z.output<typeof CreateAccountRequest>;

/** The query of DELETE DeleteAccount?accountId. */
export const AccountIdQuery = z.object({ accountId: RecordId });
export type AccountIdQuery = z.infer<typeof AccountIdQuery>;

/** One built-in account as an administrator sees it; never its password or hash. */
export const AccountListItem = z.object({
  Id: z.string(),
  Email: z.string(),
  DisplayName: z.string(),
  Title: z.string().nullable(),
  Organisation: z.string().nullable(),
  IsAdmin: z.boolean(),
  /** One of the demo profile's accounts (fixed passwords, not removable). */
  IsDemo: z.boolean(),
  /** The caller's own account. */
  IsCurrentUser: z.boolean(),
  CreationDate: IsoDateTime,
});
export type AccountListItem = z.infer<typeof AccountListItem>;
