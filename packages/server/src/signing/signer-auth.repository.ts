import type { Insertable, Kysely } from 'kysely';
import type { Database, SignerSessionsTable } from '../db/schema.ts';

// How signers prove who they are: the sessions their browsers hold, and the identifications
// and qualified signatures under way (signer_auth_states, one kind each).

export async function insertSignerSession(
  db: Kysely<Database>,
  row: Insertable<SignerSessionsTable>,
) {
  await db.insertInto('signer_sessions').values(row).execute();
}

/** The session of this signer whose token hashes to `idHash`, if there is one. */
export function findSignerSession(db: Kysely<Database>, idHash: string, signerId: string) {
  return db
    .selectFrom('signer_sessions')
    .select(['identity', 'expires_at'])
    .where('id_hash', '=', idHash)
    .where('signer_id', '=', signerId)
    .executeTakeFirst();
}

export async function deleteSignerSessions(db: Kysely<Database>, signerId: string) {
  await db.deleteFrom('signer_sessions').where('signer_id', '=', signerId).execute();
}

/** Keeps what a step under way needs when the signer comes back, under its state. */
export async function insertAuthState(
  db: Kysely<Database>,
  kind: string,
  row: { state: string; signerId: string; payload: string; createdAt: Date },
) {
  await db
    .insertInto('signer_auth_states')
    .values({
      state: row.state,
      signer_id: row.signerId,
      kind,
      payload: row.payload,
      created_at: row.createdAt.toISOString(),
    })
    .execute();
}

/** Removes and answers the step under way under `state`: each state is used once. */
export function takeAuthState(db: Kysely<Database>, kind: string, state: string) {
  return db
    .deleteFrom('signer_auth_states')
    .where('state', '=', state)
    .where('kind', '=', kind)
    .returningAll()
    .executeTakeFirst();
}

/** Removes the steps of this kind started before `before`. */
export async function deleteAuthStatesBefore(db: Kysely<Database>, kind: string, before: Date) {
  await db
    .deleteFrom('signer_auth_states')
    .where('kind', '=', kind)
    .where('created_at', '<', before.toISOString())
    .execute();
}
