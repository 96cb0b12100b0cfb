import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface UserProfile {
  issuer: string;
  subject: string;
  email: string;
  displayName: string;
  organisation: string | null;
  title: string | null;
  isAdmin: boolean;
}

/** Creates the user on first login, refreshes the profile on every later one; answers the id. */
export async function upsertUser(
  db: Kysely<Database>,
  id: string,
  profile: UserProfile,
  now: Date,
): Promise<string> {
  const values = {
    email: profile.email,
    display_name: profile.displayName,
    organisation: profile.organisation,
    title: profile.title,
    is_admin: profile.isAdmin,
    last_login_at: now.toISOString(),
  };
  const row = await db
    .insertInto('users')
    .values({
      id,
      issuer: profile.issuer,
      subject: profile.subject,
      created_at: now.toISOString(),
      ...values,
    })
    .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes the user a member of exactly the groups whose identifiers the login carried. */
export async function syncGroupMemberships(
  db: Kysely<Database>,
  userId: string,
  groupIdentifiers: string[],
): Promise<void> {
  const matching =
    groupIdentifiers.length === 0
      ? []
      : await db
          .selectFrom('user_groups')
          .select('id')
          .where('haka_group_id', 'in', groupIdentifiers)
          .execute();
  // Only memberships that come from a group identifier are managed here; groups without
  // one are managed by administrators and left as they are.
  await db
    .deleteFrom('user_group_members')
    .where('user_id', '=', userId)
    .where('group_id', 'in', (query) =>
      query.selectFrom('user_groups').select('id').where('haka_group_id', 'is not', null),
    )
    .execute();
  if (matching.length > 0) {
    await db
      .insertInto('user_group_members')
      .values(matching.map((group) => ({ group_id: group.id, user_id: userId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/** The identity (issuer and subject) a portal user logged in with. */
export function findUserIdentity(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['issuer', 'subject'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The portal user of an identity, if it has logged in. */
export async function findUserIdByIdentity(
  db: Kysely<Database>,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.id;
}
