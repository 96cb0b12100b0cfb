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

/** Adds an account unless one of its e-mail address exists (also when another node just added it). */
export async function insertAccountIfAbsent(
  db: Kysely<Database>,
  row: Insertable<LocalAccountsTable>,
) {
  await db
    .insertInto('local_accounts')
    .values(row)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

export async function deleteDemoAccounts(db: Kysely<Database>) {
  await db.deleteFrom('local_accounts').where('is_demo', '=', true).execute();
}

export async function anyAccountExists(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('local_accounts').select('id').executeTakeFirst()) !== undefined;
}
