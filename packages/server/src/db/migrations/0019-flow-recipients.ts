import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * A flow's recipients beyond its signers: copy recipients (kind 'copy', told when it is sent and
 * given the finished document) and viewers (kind 'viewer', who read it while it is out). Like a
 * signer's, a link is derived from a salt under the server's secret and only its hash is kept.
 */
export function flowRecipients(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_flow_recipients')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('flow_id', 'varchar(36)', (c) =>
          c.notNull().references('sign_flows.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('token_salt', 'varchar(64)')
        .addColumn('token_hash', 'varchar(64)')
        .addColumn('link_expires_at', timestamp)
        .addColumn('notified_at', timestamp)
        .addColumn('opened_at', timestamp)
        .execute();
      await db.schema
        .createIndex('sign_flow_recipients_flow')
        .on('sign_flow_recipients')
        .columns(['flow_id', 'kind', 'position'])
        .execute();
      await db.schema
        .createIndex('sign_flow_recipients_token')
        .on('sign_flow_recipients')
        .column('token_hash')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sign_flow_recipients').execute();
    },
  };
}
