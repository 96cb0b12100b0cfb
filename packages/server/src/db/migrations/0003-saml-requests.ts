import type { Kysely } from 'kysely';
import { timestampColumn, type MigrationContext } from '../migration-context.ts';

/**
 * SAML requests awaiting the provider's answer, shared by every node so that a response
 * is accepted only for a request one of them made, and only once.
 */
export function samlRequests(context: MigrationContext) {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saml_requests')
        .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saml_requests_created_at')
        .on('saml_requests')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saml_requests').execute();
    },
  };
}
