import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const kind = 'csc';

/** Stores a qualified signature in progress under its OAuth2 state. */
export async function insertPendingSignature(
  db: Kysely<Database>,
  row: { state: string; signerId: string; payload: string; createdAt: Date },
): Promise<void> {
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

/** Removes and answers the signature in progress under `state`: each state is used once. */
export async function takePendingSignature(db: Kysely<Database>, state: string) {
  return db
    .deleteFrom('signer_auth_states')
    .where('state', '=', state)
    .where('kind', '=', kind)
    .returningAll()
    .executeTakeFirst();
}

/** Removes the signatures in progress started before `before`. */
export async function deletePendingSignaturesBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<void> {
  await db
    .deleteFrom('signer_auth_states')
    .where('kind', '=', kind)
    .where('created_at', '<', before.toISOString())
    .execute();
}
