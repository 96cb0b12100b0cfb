import type { Kysely, Selectable } from 'kysely';
import type { AuditEventRow, Database, SessionRow, UserGroupsTable } from '../db/schema.ts';

export type GroupRow = Selectable<UserGroupsTable>;

export async function findGroupsOf(db: Kysely<Database>, userIds: string[]): Promise<GroupRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_groups')
    .innerJoin('user_group_members', 'user_group_members.group_id', 'user_groups.id')
    .selectAll('user_groups')
    .where('user_group_members.user_id', 'in', userIds)
    .orderBy('user_groups.name')
    .execute();
}

export async function findSessionsOf(
  db: Kysely<Database>,
  userIds: string[],
): Promise<SessionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .execute();
}

/**
 * The portal's own events (no flow) a person made or tried: by user id, or by the e-mail
 * address given as the actor (a failed login has only that).
 */
export async function findPortalEventsOf(
  db: Kysely<Database>,
  userIds: string[],
  emails: string[],
): Promise<AuditEventRow[]> {
  if (userIds.length === 0 && emails.length === 0) return [];
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('flow_id', 'is', null)
    .where((eb) =>
      eb.or([
        ...(userIds.length ? [eb('user_id', 'in', userIds)] : []),
        ...(emails.length ? [eb(eb.fn('lower', ['actor']), 'in', emails)] : []),
      ]),
    )
    .orderBy('seq')
    .execute();
}

/** Earlier personal-data queries about the same identifier, found by its keyed digest. */
export async function findQueriesAbout(
  db: Kysely<Database>,
  operation: string,
  digest: string,
): Promise<AuditEventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('flow_id', 'is', null)
    .where('operation', '=', operation)
    .where('details', 'like', `%"identifierDigest":"${digest}"%`)
    .orderBy('seq')
    .execute();
}
