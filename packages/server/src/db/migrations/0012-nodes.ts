import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * The portal's nodes, one row per run of a server process: its heartbeat, so that the jobs
 * and temporary files of a run that died are taken over at once instead of after their lock.
 */
export function nodes(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('nodes')
        // The run's job worker id (jobs.locked_by): host:pid:tag.
        .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('host', 'varchar(255)', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        // What the run's temporary file names carry.
        .addColumn('tag', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('started_at', timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', timestamp, (c) => c.notNull())
        .addColumn('ended_at', timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('nodes').execute();
    },
  };
}
