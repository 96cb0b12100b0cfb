import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  RecipientKind,
  RecipientRow,
  SignFlowRecipientsTable,
  SignFlowRow,
} from '../db/schema.ts';

/** A flow's copy recipients and viewers, each kind in the sender's order. */
export function listRecipients(db: Kysely<Database>, flowId: string, kind?: RecipientKind) {
  let query = db.selectFrom('sign_flow_recipients').selectAll().where('flow_id', '=', flowId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('kind').orderBy('position').execute();
}

/** A draft's recipients as saved: the old ones go, the new ones come, in one transaction. */
export async function replaceRecipients(
  db: Kysely<Database>,
  flowId: string,
  rows: Insertable<SignFlowRecipientsTable>[],
) {
  await db.deleteFrom('sign_flow_recipients').where('flow_id', '=', flowId).execute();
  if (rows.length > 0) await db.insertInto('sign_flow_recipients').values(rows).execute();
}

export async function findRecipient(db: Kysely<Database>, recipientId: string) {
  return db
    .selectFrom('sign_flow_recipients')
    .selectAll()
    .where('id', '=', recipientId)
    .executeTakeFirst();
}

/** The recipient whose live link has this hash, and their flow. */
export async function findRecipientByTokenHash(
  db: Kysely<Database>,
  hash: string,
): Promise<{ recipient: RecipientRow; flow: SignFlowRow } | undefined> {
  const recipient = await db
    .selectFrom('sign_flow_recipients')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!recipient) return undefined;
  const flow = await db
    .selectFrom('sign_flows')
    .selectAll()
    .where('id', '=', recipient.flow_id)
    .executeTakeFirst();
  return flow ? { recipient, flow } : undefined;
}

/** Gives a recipient their link: the salt (at sending), the live token's hash and its end. */
export async function setRecipientLink(
  db: Kysely<Database>,
  recipientId: string,
  link: { salt?: string; hash: string | null; expiresAt: Date | null },
) {
  await db
    .updateTable('sign_flow_recipients')
    .set({
      ...(link.salt === undefined ? {} : { token_salt: link.salt }),
      token_hash: link.hash,
      link_expires_at: link.expiresAt === null ? null : link.expiresAt.toISOString(),
    })
    .where('id', '=', recipientId)
    .execute();
}

export async function markRecipientNotified(db: Kysely<Database>, recipientId: string, at: Date) {
  await db
    .updateTable('sign_flow_recipients')
    .set({ notified_at: at.toISOString() })
    .where('id', '=', recipientId)
    .execute();
}

/** Notes a viewer's first opening; says whether this was it. */
export async function markViewerOpened(db: Kysely<Database>, recipientId: string, at: Date) {
  const result = await db
    .updateTable('sign_flow_recipients')
    .set({ opened_at: at.toISOString() })
    .where('id', '=', recipientId)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
