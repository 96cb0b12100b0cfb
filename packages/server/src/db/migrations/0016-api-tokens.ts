import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * Personal API tokens: only the SHA-256 of each token is kept (unique, so a request finds its
 * token by one indexed look-up), with its scopes, life and last use.
 */
export function apiTokens(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(36)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        // Space-separated, as OAuth writes scopes.
        .addColumn('scopes', 'varchar(200)', (c) => c.notNull())
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('revoked_at', timestamp)
        .addColumn('last_used_at', timestamp)
        .addColumn('last_used_ip', 'varchar(64)')
        .execute();
      await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}
