import type { Kysely } from 'kysely';
import type { Database, SignerRow, SignFlowRow } from '../db/schema.ts';

/** Gives a signer of a finished flow their link to the signed document: its hash and end. */
export async function setSignedCopy(
  db: Kysely<Database>,
  signerId: string,
  copy: { hash: string; expiresAt: Date },
) {
  await db
    .updateTable('sign_flow_signers')
    .set({ signed_copy_hash: copy.hash, signed_copy_expires_at: copy.expiresAt.toISOString() })
    .where('id', '=', signerId)
    .execute();
}

/** The signer whose link to the signed document has this hash, and their flow. */
export async function findSignerBySignedCopyHash(
  db: Kysely<Database>,
  hash: string,
): Promise<{ signer: SignerRow; flow: SignFlowRow } | undefined> {
  const signer = await db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('signed_copy_hash', '=', hash)
    .executeTakeFirst();
  if (!signer) return undefined;
  const flow = await db
    .selectFrom('sign_flows')
    .selectAll()
    .where('id', '=', signer.flow_id)
    .executeTakeFirst();
  return flow ? { signer, flow } : undefined;
}
