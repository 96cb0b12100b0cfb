import type { Kysely, Updateable } from 'kysely';
import type { Database, SignerRow, SignFlowRow, SignFlowsTable } from '../db/schema.ts';

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

/** The salt of a signer's link, for the flow's sender to hand the link out. */
export function findSignerLinkSalt(db: Kysely<Database>, flowId: string, signerId: string) {
  return db
    .selectFrom('sign_flow_signers')
    .select(['id', 'token_salt'])
    .where('id', '=', signerId)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
}

/** Gives a signer their link at sending: its salt, and the hash that finds them by it. */
export async function setSignerLink(
  db: Kysely<Database>,
  signerId: string,
  link: { salt: string; tokenHash: string },
) {
  await db
    .updateTable('sign_flow_signers')
    .set({ token_salt: link.salt, token_hash: link.tokenHash })
    .where('id', '=', signerId)
    .execute();
}

/** Notes that the signer was mailed their link: first as an invitation, later as reminders. */
export async function markSignerMailed(
  db: Kysely<Database>,
  signerId: string,
  reminder: boolean,
  at: Date,
) {
  await db
    .updateTable('sign_flow_signers')
    .set(reminder ? { reminded_at: at.toISOString() } : { invited_at: at.toISOString() })
    .where('id', '=', signerId)
    .execute();
}

/** A fresh one-time code for the signer (its hash), with no tries used. */
export async function markSignerRejected(
  db: Kysely<Database>,
  signerId: string,
  comment: string,
  at: Date,
) {
  await db
    .updateTable('sign_flow_signers')
    .set({ status: 'Rejected', rejection_comment: comment, completed_at: at.toISOString() })
    .where('id', '=', signerId)
    .execute();
}

/** Marks a signer Signed, with how; answers false when they were no longer Unsigned. */
export async function markSignerSigned(
  db: Kysely<Database>,
  signerId: string,
  signature: { identity: string; level: string; at: Date },
): Promise<boolean> {
  const marked = await db
    .updateTable('sign_flow_signers')
    .set({
      status: 'Signed',
      completed_at: signature.at.toISOString(),
      verified_identity: signature.identity,
      signature_level: signature.level,
      code_hash: null,
      code_expires_at: null,
    })
    .where('id', '=', signerId)
    .where('status', '=', 'Unsigned')
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/**
 * Puts a new working document in place of the one a signature was made on, only while the
 * flow is out for signing and still has that one; answers whether it did.
 */
export async function swapWorkingFile(
  db: Kysely<Database>,
  flowId: string,
  swap: { from: string; to: string; at: Date },
): Promise<boolean> {
  const swapped = await db
    .updateTable('sign_flows')
    .set({ working_file_id: swap.to, updated_at: swap.at.toISOString() })
    .where('id', '=', flowId)
    .where('status', '=', 'Sent')
    .where('working_file_id', '=', swap.from)
    .executeTakeFirst();
  return Number(swapped.numUpdatedRows) === 1;
}

/** The name a file record gives its document (a new working document keeps it). */
export async function findFileName(db: Kysely<Database>, fileId: string): Promise<string> {
  const file = await db
    .selectFrom('sign_flow_files')
    .select('file_name')
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  return file.file_name;
}

/**
 * Claims a reminder the sender asked for: sets reminded_at only if it is still what the
 * caller read, so two requests at once remind once. Answers whether this one won.
 */
export async function claimSignerReminder(
  db: Kysely<Database>,
  signer: Pick<SignerRow, 'id' | 'reminded_at'>,
  at: Date,
): Promise<boolean> {
  const claimed = await db
    .updateTable('sign_flow_signers')
    .set({ reminded_at: at.toISOString() })
    .where('id', '=', signer.id)
    .where((eb) =>
      signer.reminded_at === null
        ? eb('reminded_at', 'is', null)
        : eb('reminded_at', '=', signer.reminded_at),
    )
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/** Sets a new deadline while the flow is still out for signing; answers whether it still was. */
export async function moveSentFlowDeadline(
  db: Kysely<Database>,
  flowId: string,
  now: Date,
  fields: Pick<Updateable<SignFlowsTable>, 'expiry_date' | 'deadline_at' | 'auto_delete_at'>,
): Promise<boolean> {
  const updated = await db
    .updateTable('sign_flows')
    .set({ ...fields, updated_at: now.toISOString() })
    .where('id', '=', flowId)
    .where('status', '=', 'Sent')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
