import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * Bulk send (issue 18): a batch made of one CSV against a template, and its rows, each the
 * people of one flow and, once sent, the flow's id. `template_id` is no foreign key: a batch
 * and its record of what was sent outlive the template.
 */
export function bulkBatches(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bulk_batches')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('template_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('owner_id', 'varchar(36)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('problem_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bulk_batches_owner')
        .on('bulk_batches')
        .column('owner_id')
        .execute();
      await db.schema
        .createTable('bulk_batch_rows')
        .addColumn('batch_id', 'varchar(36)', (c) =>
          c.notNull().references('bulk_batches.id').onDelete('cascade'),
        )
        .addColumn('row_number', 'integer', (c) => c.notNull())
        // The row's people as JSON ([{ Role, Name, Email, PersonalIdentityCode }]).
        .addColumn('people', 'text', (c) => c.notNull())
        .addColumn('flow_name', 'varchar(200)')
        .addColumn('note', 'text')
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        // Not a foreign key: the row keeps saying it was sent after its flow is deleted.
        .addColumn('flow_id', 'varchar(36)')
        .addColumn('failure', 'varchar(400)')
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('bulk_batch_rows_pk', ['batch_id', 'row_number'])
        .execute();
      await db.schema
        .createIndex('bulk_batch_rows_status')
        .on('bulk_batch_rows')
        .columns(['batch_id', 'status', 'row_number'])
        .execute();
      await db.schema
        .createIndex('bulk_batch_rows_flow')
        .on('bulk_batch_rows')
        .column('flow_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bulk_batch_rows').execute();
      await db.schema.dropTable('bulk_batches').execute();
    },
  };
}
