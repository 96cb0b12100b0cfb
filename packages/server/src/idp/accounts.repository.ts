import type { Insertable, Kysely } from 'kysely';
import type { Database, LocalAccountRow, LocalAccountsTable } from '../db/schema.ts';

// The built-in provider's own accounts.

export function findAccountById(db: Kysely<Database>, id: string) {
  return db.selectFrom('local_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account of this (lower-cased) e-mail address. */
export function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<LocalAccountRow | undefined> {
  return db.selectFrom('local_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Adds an account unless one of its e-mail address exists (also when another node just added
 * it); answers whether it was added.
 */
export async function insertAccountIfAbsent(
  db: Kysely<Database>,
  row: Insertable<LocalAccountsTable>,
): Promise<boolean> {
  const added = await db
    .insertInto('local_accounts')
    .values(row)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/** Every account, by e-mail address. */
export function listAccountRows(db: Kysely<Database>): Promise<LocalAccountRow[]> {
  return db.selectFrom('local_accounts').selectAll().orderBy('email').execute();
}

/** Replaces the account's password hash if it is still the one given; answers whether it was. */
export async function replacePasswordHash(
  db: Kysely<Database>,
  id: string,
  previousHash: string,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('local_accounts')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .where('password_hash', '=', previousHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the account; answers whether it existed. */
export async function deleteAccountRow(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('local_accounts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The groups column holds a JSON array; this matches the accounts whose array has the group. */
const inGroup = (group: string) => `%${JSON.stringify(group)}%`;

/**
 * Locks the rows of the group's accounts for the rest of the transaction (PostgreSQL; SQLite
 * has one writer anyway), so that two removals cannot each count the other as remaining.
 */
export async function lockGroupAccounts(db: Kysely<Database>, group: string): Promise<void> {
  await db
    .updateTable('local_accounts')
    .set((eb) => ({ groups: eb.ref('groups') }))
    .where('groups', 'like', inGroup(group))
    .execute();
}

/** How many accounts the group has. */
export async function countGroupAccounts(db: Kysely<Database>, group: string): Promise<number> {
  const row = await db
    .selectFrom('local_accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('groups', 'like', inGroup(group))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteDemoAccounts(db: Kysely<Database>) {
  await db.deleteFrom('local_accounts').where('is_demo', '=', true).execute();
}

export async function anyAccountExists(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('local_accounts').select('id').executeTakeFirst()) !== undefined;
}
