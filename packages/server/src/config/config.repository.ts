import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function findSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function upsertSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  now: Date,
): Promise<void> {
  const updated_at = now.toISOString();
  await db
    .insertInto('settings')
    .values({ key, value, updated_at })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at }))
    .execute();
}

/** Writes a setting only if it is not there yet; answers whether this call wrote it. */
export async function insertSettingOnce(
  db: Kysely<Database>,
  key: string,
  value: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ key, value, updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
