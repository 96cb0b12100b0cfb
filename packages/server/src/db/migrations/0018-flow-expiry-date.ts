import type { Kysely, Migration } from 'kysely';

/**
 * The date the sender chose for the signers to sign by (YYYY-MM-DD, in TIME_ZONE): kept on the
 * draft, turned into deadline_at (the end of that date) at sending. Flows from before have none.
 */
export function flowExpiryDate(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sign_flows').addColumn('expiry_date', 'varchar(10)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sign_flows').dropColumn('expiry_date').execute();
    },
  };
}
