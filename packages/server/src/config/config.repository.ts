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
