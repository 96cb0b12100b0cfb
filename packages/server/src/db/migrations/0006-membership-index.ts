import type { Kysely, Migration } from 'kysely';

/**
 * Group memberships by user: every signed-in request reads the user's groups with the
 * session, and the primary key (group, user) cannot serve a lookup by user alone.
 */
export function membershipIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('user_group_members_user_id')
        .on('user_group_members')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('user_group_members_user_id').execute();
    },
  };
}
