import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/** The date a sent flow's signers must sign by; flows sent before it have none and never expire. */
export function signingDeadline(context: MigrationContext): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sign_flows')
        .addColumn('deadline_at', timestampColumn(context))
        .execute();
      await db.schema
        .createIndex('sign_flows_deadline')
        .on('sign_flows')
        .columns(['status', 'deadline_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sign_flows_deadline').execute();
      await db.schema.alterTable('sign_flows').dropColumn('deadline_at').execute();
    },
  };
}
