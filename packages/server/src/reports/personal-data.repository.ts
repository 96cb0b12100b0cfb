import type { PersonalDataQuery } from '@esign/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  AuditEventRow,
  Database,
  FileRow,
  SignerRow,
  SignFlowRow,
  UsersTable,
} from '../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

/**
 * The portal users an identifier names: by e-mail address (any case), or, for an identity
 * code or a SATU, the users whose login subject it is (some federations use it as one).
 */
export async function findUsersByIdentifier(
  db: Kysely<Database>,
  query: PersonalDataQuery,
): Promise<UserRow[]> {
  const base = db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id');
  return query.IdentifierType === 'Email'
    ? base
        .where((eb) => eb(eb.fn('lower', ['email']), '=', query.Identifier.toLowerCase()))
        .execute()
    : base.where('subject', '=', query.Identifier).execute();
}

export async function findSignersByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<SignerRow[]> {
  return db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

/** Copy recipients and viewers with this e-mail address (any case). */
export async function findRecipientsByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('sign_flow_recipients')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}

/** Signers whose sender gave this personal identity code for them. */
export async function findSignersByGivenCode(
  db: Kysely<Database>,
  code: string,
): Promise<SignerRow[]> {
  return db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('personal_identity_code', '=', code)
    .execute();
}

/**
 * Signers whose stored identity JSON contains a fragment: a cheap pre-filter on both
 * databases; the caller checks each row's parsed identity exactly.
 */
export async function findSignersByIdentityFragment(
  db: Kysely<Database>,
  fragment: string,
): Promise<SignerRow[]> {
  const pattern = `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where(sql<boolean>`${sql.ref('verified_identity')} like ${pattern} escape '\\'`)
    .execute();
}

export async function findFlowsOwnedBy(
  db: Kysely<Database>,
  userIds: string[],
): Promise<SignFlowRow[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('sign_flows').selectAll().where('owner_id', 'in', userIds).execute();
}

export async function findFlowsByIds(
  db: Kysely<Database>,
  flowIds: string[],
): Promise<SignFlowRow[]> {
  if (flowIds.length === 0) return [];
  return db.selectFrom('sign_flows').selectAll().where('id', 'in', flowIds).execute();
}

/** The files a person saw or sent; the internal working copy is left out. */
export async function findFlowFiles(db: Kysely<Database>, flowIds: string[]): Promise<FileRow[]> {
  if (flowIds.length === 0) return [];
  return db
    .selectFrom('sign_flow_files')
    .selectAll()
    .where('flow_id', 'in', flowIds)
    .where('kind', '!=', 'working')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findFlowEvents(
  db: Kysely<Database>,
  flowIds: string[],
): Promise<AuditEventRow[]> {
  if (flowIds.length === 0) return [];
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('flow_id', 'in', flowIds)
    .orderBy('seq')
    .execute();
}
