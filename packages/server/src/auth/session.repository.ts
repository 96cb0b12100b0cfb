import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function insertSession(
  db: Kysely<Database>,
  values: {
    id: string;
    userId: string;
    loginMethod: string;
    idToken: string | null;
    samlNameId: string | null;
    samlSessionIndex: string | null;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  return db
    .insertInto('sessions')
    .values({
      id: values.id,
      user_id: values.userId,
      login_method: values.loginMethod,
      id_token: values.idToken,
      saml_name_id: values.samlNameId,
      saml_session_index: values.samlSessionIndex,
      created_at: values.now.toISOString(),
      last_seen_at: values.now.toISOString(),
      expires_at: values.expiresAt.toISOString(),
      ip: values.ip,
      user_agent: values.userAgent,
    })
    .execute();
}

/**
 * The session, its user and the user's group memberships in one round trip: one row per
 * membership (a single row with a null group for a user in no group).
 */
export async function findSessionWithUser(db: Kysely<Database>, id: string) {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_group_members', 'user_group_members.user_id', 'users.id')
    .select([
      'sessions.id',
      'sessions.login_method',
      'sessions.id_token',
      'sessions.saml_name_id',
      'sessions.saml_session_index',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id as user_id',
      'users.email',
      'users.display_name',
      'users.organisation',
      'users.title',
      'users.is_admin',
      'user_group_members.group_id',
    ])
    .where('sessions.id', '=', id)
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const groupIds = rows.flatMap((row) => (row.group_id === null ? [] : [row.group_id]));
  return { ...first, group_ids: groupIds };
}

export function touchSession(db: Kysely<Database>, id: string, now: Date) {
  return db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export function deleteSession(db: Kysely<Database>, id: string) {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Removes sessions past their absolute end or unused for idleMs; answers how many went. */
export async function deleteExpiredSessions(
  db: Kysely<Database>,
  now: Date,
  idleMs: number,
): Promise<number> {
  const idleSince = new Date(now.getTime() - idleMs).toISOString();
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleSince)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes a user's sessions, but the one named by keep; answers how many went. */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: string,
  keep: string | null,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== null) query = query.where('id', '<>', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
