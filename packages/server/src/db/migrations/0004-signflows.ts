import { sql, type Kysely } from 'kysely';
import { timestampColumn, type MigrationContext } from '../migration-context.ts';

/** Sign flows, their signers and files, and file deletions still to be done in storage. */
export function signFlows(context: MigrationContext) {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_flows')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
        .addColumn('group_id', 'varchar(36)', (c) =>
          c.references('user_groups.id').onDelete('set null'),
        )
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('name_search', 'varchar(200)', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('details_status', 'varchar(20)')
        .addColumn('signature_process', 'varchar(20)')
        .addColumn('minimum_signature_level', 'varchar(20)')
        .addColumn('inspector_email', 'varchar(254)')
        .addColumn('reminder_interval_days', 'integer')
        .addColumn('cancellation_comment', 'text')
        .addColumn('language', 'varchar(5)')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addColumn('sent_at', timestamp)
        .addColumn('cancelled_at', timestamp)
        .addColumn('finished_at', timestamp)
        .addColumn('rejected_at', timestamp)
        .addColumn('last_status_query_at', timestamp)
        .addColumn('auto_delete_at', timestamp)
        .execute();
      // Every sortable column is indexed behind the owner, so a page is an index range scan.
      for (const column of [
        'name_search',
        'status',
        'created_at',
        'updated_at',
        'sent_at',
        'cancelled_at',
        'finished_at',
        'rejected_at',
        'auto_delete_at',
      ]) {
        await db.schema
          .createIndex(`sign_flows_owner_${column}`)
          .on('sign_flows')
          .columns(['owner_id', column, 'id'])
          .execute();
        // PostgreSQL reads an ascending index backwards as DESC NULLS FIRST; the list wants
        // empty dates last both ways, so descending order gets an index of its own.
        if (context.kind === 'postgres') {
          await sql`create index ${sql.id(`sign_flows_owner_${column}_desc`)} on sign_flows (owner_id, ${sql.id(column)} desc nulls last, id desc)`.execute(
            db,
          );
        }
      }
      await db.schema
        .createIndex('sign_flows_group')
        .on('sign_flows')
        .columns(['group_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('sign_flow_signers')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('flow_id', 'varchar(36)', (c) =>
          c.notNull().references('sign_flows.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('organisation', 'varchar(200)')
        .addColumn('role', 'varchar(100)')
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('rejection_comment', 'text')
        .addColumn('completed_at', timestamp)
        .execute();
      await db.schema
        .createIndex('sign_flow_signers_flow')
        .on('sign_flow_signers')
        .columns(['flow_id', 'position'])
        .execute();

      await db.schema
        .createTable('sign_flow_files')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('flow_id', 'varchar(36)', (c) =>
          c.notNull().references('sign_flows.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('content_type', 'varchar(200)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(250)', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_flow_files_flow')
        .on('sign_flow_files')
        .columns(['flow_id', 'kind'])
        .execute();

      await db.schema
        .createTable('pending_file_deletions')
        .addColumn('storage_key', 'varchar(250)', (c) => c.primaryKey())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'pending_file_deletions',
        'sign_flow_files',
        'sign_flow_signers',
        'sign_flows',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
