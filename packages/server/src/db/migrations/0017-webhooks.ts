import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * Webhooks: the endpoints users, groups and administrators register, and one delivery per
 * event and endpoint. A delivery keeps its last attempt for the endpoint's page; `pipe` and
 * `sequence` order the deliveries of one flow to one endpoint.
 */
export function webhooks(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  const flag = context.kind === 'postgres' ? ('boolean' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        // Who made it; a removed account's user endpoints go quiet (no owner matches a flow).
        .addColumn('owner_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('scope', 'varchar(20)', (c) => c.notNull())
        .addColumn('group_id', 'varchar(36)', (c) =>
          c.references('user_groups.id').onDelete('cascade'),
        )
        .addColumn('url', 'varchar(2000)', (c) => c.notNull())
        // Space-separated event types.
        .addColumn('events', 'varchar(400)', (c) => c.notNull())
        // The signing secret (whsec_…): kept, since every delivery is signed with it.
        .addColumn('secret', 'varchar(100)', (c) => c.notNull())
        .addColumn('enabled', flag, (c) => c.notNull())
        .addColumn('disabled_reason', 'varchar(20)')
        .addColumn('disabled_at', timestamp)
        .addColumn('failing_since', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_owner')
        .on('webhook_endpoints')
        .column('owner_id')
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_group')
        .on('webhook_endpoints')
        .column('group_id')
        .execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('endpoint_id', 'varchar(36)', (c) =>
          c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
        // Not a foreign key: a flow's deliveries outlive it (signflow.deleted is one).
        .addColumn('flow_id', 'varchar(36)')
        // The flow's id, or a key of its own for an event about no flow.
        .addColumn('pipe', 'varchar(64)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('next_attempt_at', timestamp)
        // Held by the node sending it until then.
        .addColumn('locked_until', timestamp)
        .addColumn('last_attempt_at', timestamp)
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('response', 'text')
        .addColumn('error', 'varchar(100)')
        .addUniqueConstraint('webhook_deliveries_order', ['endpoint_id', 'pipe', 'sequence'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_pending')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'pipe', 'status', 'sequence'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_newest')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
