import type { Kysely, Migration } from 'kysely';

/**
 * The details status follows from the status alone (signFlowDetailsStatusOf), so it is no
 * longer stored: a column that could disagree with the status is gone.
 */
export function derivedDetailsStatus(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sign_flows').dropColumn('details_status').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sign_flows').addColumn('details_status', 'varchar(20)').execute();
    },
  };
}
