import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * What a signer did with e-mail codes over the flow's life, so that a link's holder cannot
 * guess without end: how many codes were sent and when the last one went, how many codes
 * were entered wrong, and when the link was locked for too many of either (the sender can
 * open it again).
 */
export function signerCodeLimits(context: MigrationContext): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('codes_sent', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('code_failures', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('code_sent_at', timestampColumn(context))
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('code_locked_at', timestampColumn(context))
        .execute();
      // A code out now counts as one sent, at the time its validity says it was.
      await sql`update sign_flow_signers set codes_sent = 1 where code_hash is not null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['code_locked_at', 'code_sent_at', 'code_failures', 'codes_sent'])
        await db.schema.alterTable('sign_flow_signers').dropColumn(column).execute();
    },
  };
}
