import { randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database, LocalAccountRow } from '../db/schema.ts';
import {
  anyAccountExists,
  deleteDemoAccounts,
  findAccountByEmail,
  insertAccountIfAbsent,
} from './accounts.repository.ts';

/**
 * The group the built-in provider gives its administrator accounts; with the built-in login
 * it makes an administrator whatever ADMIN_GROUPS says (the operator's groups are for
 * providers of their own).
 */
export const builtinAdministratorGroup = 'esign-admins';

/**
 * The demo organisation's accounts, seeded when the portal runs in its demo profile (README
 * lists them). Their personal identity codes are temporary numbers (900–999), test data only:
 * with them the built-in provider stands in for a strong-authentication provider.
 */
export const demoAccounts = [
  {
    email: 'admin@example.com',
    password: 'admin-demo',
    displayName: 'Aino Admin',
    title: 'Portal administrator',
    groups: [builtinAdministratorGroup],
    personalIdentityCode: '150375-901H',
  },
  {
    email: 'user@example.com',
    password: 'user-demo',
    displayName: 'Ulla User',
    title: 'Planning officer',
    groups: [],
    personalIdentityCode: '020290-9027',
  },
  {
    email: 'user2@example.com',
    password: 'user2-demo',
    displayName: 'Ville Virtanen',
    title: 'Researcher',
    groups: [],
    personalIdentityCode: '240587Y9033',
  },
] as const;

/** A demo account's test identity code; real accounts have none. */
export function demoPersonalIdentityCode(account: LocalAccountRow): string | undefined {
  if (!account.is_demo) return undefined;
  return demoAccounts.find((demo) => demo.email === account.email)?.personalIdentityCode;
}

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const hashOptions = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// Verifying against this when the account does not exist keeps the timing the same.
const absentAccountHash = hash(randomBytes(16).toString('hex'), hashOptions);

/** The argon2id hash a password is stored as. */
export const hashPassword = (password: string) => hash(password, hashOptions);

/** Whether the password is the one this hash was made of (a malformed hash matches nothing). */
export const passwordMatches = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

/** An administrator account of the built-in login: one in the administrators' group. */
export const isAdministratorAccount = (account: LocalAccountRow) =>
  (JSON.parse(account.groups) as string[]).includes(builtinAdministratorGroup);

async function insertAccount(
  db: Kysely<Database>,
  account: {
    email: string;
    password: string;
    displayName: string;
    title: string | null;
    groups: readonly string[];
  },
  organisation: string,
  isDemo: boolean,
  now: Date,
) {
  const email = account.email.toLowerCase();
  if (await findAccountByEmail(db, email)) return;
  await insertAccountIfAbsent(db, {
    id: randomUUID(),
    email,
    password_hash: await hashPassword(account.password),
    display_name: account.displayName,
    organisation,
    title: account.title,
    groups: JSON.stringify(account.groups),
    is_demo: isDemo,
    created_at: now.toISOString(),
  });
}

/** Seeds the demo accounts once; existing ones are left as they are. */
export async function seedDemoAccounts(
  db: Kysely<Database>,
  organisation: string,
  now: Date,
): Promise<void> {
  for (const account of demoAccounts) await insertAccount(db, account, organisation, true, now);
}

/** Production with the built-in provider: removes demo accounts, creates a first administrator
 * when there is none and answers its one-time password (null when one exists). */
export async function ensureFirstAdministrator(
  db: Kysely<Database>,
  organisation: string,
  now: Date,
): Promise<{ email: string; password: string } | null> {
  await deleteDemoAccounts(db);
  if (await anyAccountExists(db)) return null;
  const account = {
    email: 'admin@localhost',
    password: randomBytes(15).toString('base64url'),
    displayName: 'Administrator',
    title: null,
    groups: [builtinAdministratorGroup],
  };
  await insertAccount(db, account, organisation, false, now);
  return { email: account.email, password: account.password };
}

/** The account whose password this is, or null; the same work is done either way. */
export async function verifyAccountPassword(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<LocalAccountRow | null> {
  const account = await findAccountByEmail(db, email.trim().toLowerCase());
  const ok = await passwordMatches(account?.password_hash ?? (await absentAccountHash), password);
  return account && ok ? account : null;
}
