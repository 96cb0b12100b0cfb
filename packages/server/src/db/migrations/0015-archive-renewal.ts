import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * When each signed file's archive time stamp is due for renewal (PAdES B-LTA kept valid), so
 * that the daily scan reads one index. Files signed before this stay null until the scan
 * reads their time stamp once.
 */
export function archiveRenewal(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sign_flow_files')
        .addColumn('archive_renew_at', timestamp)
        .execute();
      await db.schema
        .createIndex('sign_flow_files_archive_renew_at')
        .on('sign_flow_files')
        .column('archive_renew_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sign_flow_files_archive_renew_at').execute();
      await db.schema.alterTable('sign_flow_files').dropColumn('archive_renew_at').execute();
    },
  };
}
