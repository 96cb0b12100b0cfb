import type { Kysely } from 'kysely';
import type { Database, SignerRow, SignFlowRow } from '../db/schema.ts';

export async function findSignerByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ signer: SignerRow; flow: SignFlowRow } | undefined> {
  const signer = await db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!signer) return undefined;
  const flow = await findFlow(db, signer.flow_id);
  return flow ? { signer, flow } : undefined;
}

export async function findFlow(db: Kysely<Database>, flowId: string) {
  return db.selectFrom('sign_flows').selectAll().where('id', '=', flowId).executeTakeFirst();
}

export async function findSigner(db: Kysely<Database>, signerId: string) {
  return db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('id', '=', signerId)
    .executeTakeFirst();
}

export async function findOwner(db: Kysely<Database>, ownerId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'organisation'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
}

/**
 * The flow's working document as it is now, read in one statement: a signature that replaces
 * it meanwhile (and removes the old record) cannot make it look gone, as reading the flow's
 * working_file_id first and the record after could.
 */
export async function findWorkingFile(db: Kysely<Database>, flow: Pick<SignFlowRow, 'id'>) {
  return db
    .selectFrom('sign_flow_files')
    .selectAll()
    .where('flow_id', '=', flow.id)
    .where('id', '=', (eb) =>
      eb.selectFrom('sign_flows').select('working_file_id').where('id', '=', flow.id),
    )
    .executeTakeFirst();
}
