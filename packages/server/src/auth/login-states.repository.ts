import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginStatesTable } from '../db/schema.ts';

// Portal logins under way at an OpenID provider: state, nonce and PKCE verifier.

export async function insertLoginState(db: Kysely<Database>, row: Insertable<LoginStatesTable>) {
  await db.insertInto('login_states').values(row).execute();
}

export async function deleteLoginStatesBefore(db: Kysely<Database>, before: Date) {
  await db.deleteFrom('login_states').where('created_at', '<', before.toISOString()).execute();
}

/** Removes and answers the login under way under `state`: each state is used once. */
export function takeLoginState(db: Kysely<Database>, state: string) {
  return db.deleteFrom('login_states').where('state', '=', state).returningAll().executeTakeFirst();
}
