import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// The built-in provider's stored models (sessions, interactions, codes, grants, tokens).

export interface IdpPayloadValues {
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
}

/** Stores a model's entry, replacing the one of the same id. */
export async function upsertIdpPayload(
  db: Kysely<Database>,
  model: string,
  id: string,
  values: IdpPayloadValues,
) {
  await db
    .insertInto('idp_payloads')
    .values({ model, id, ...values })
    .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(values))
    .execute();
}

/** A model's entry found by its id, uid or user code. */
export function findIdpPayload(
  db: Kysely<Database>,
  model: string,
  column: 'id' | 'uid' | 'user_code',
  value: string,
) {
  return db
    .selectFrom('idp_payloads')
    .select(['payload', 'expires_at', 'consumed_at'])
    .where('model', '=', model)
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function markIdpPayloadConsumed(
  db: Kysely<Database>,
  model: string,
  id: string,
  at: Date,
) {
  await db
    .updateTable('idp_payloads')
    .set({ consumed_at: at.toISOString() })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute();
}

export async function deleteIdpPayload(db: Kysely<Database>, model: string, id: string) {
  await db.deleteFrom('idp_payloads').where('model', '=', model).where('id', '=', id).execute();
}

export async function deleteIdpPayloadsOfGrant(db: Kysely<Database>, grantId: string) {
  await db.deleteFrom('idp_payloads').where('grant_id', '=', grantId).execute();
}

/** Removes the payloads that expired before `now`; answers how many went. */
export async function deleteIdpPayloadsExpiredBefore(
  db: Kysely<Database>,
  now: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('idp_payloads')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
