import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginStatesTable } from '../db/schema.ts';

// Portal logins under way at an OpenID provider: state, nonce and PKCE verifier.

export async function insertLoginState(db: Kysely<Database>, row: Insertable<LoginStatesTable>) {
  await db.insertInto('login_states').values(row).execute();
}

/** Removes the logins under way that started before `before`; answers how many went. */
export async function deleteLoginStatesBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('login_states')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes and answers the login under way under `state`: each state is used once. */
export function takeLoginState(db: Kysely<Database>, state: string) {
  return db.deleteFrom('login_states').where('state', '=', state).returningAll().executeTakeFirst();
}
