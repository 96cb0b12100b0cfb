import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * Each signer's link to the signed document of a finished flow: the SHA-256 of its token (the
 * token is derived, never stored) and until when it works; and what a dev-mailbox message had
 * attached (names and sizes, not the bytes).
 */
export function signedCopy(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('signed_copy_hash', 'varchar(64)')
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('signed_copy_expires_at', timestamp)
        .execute();
      await db.schema
        .createIndex('sign_flow_signers_signed_copy')
        .on('sign_flow_signers')
        .column('signed_copy_hash')
        .unique()
        .execute();
      await db.schema.alterTable('dev_mailbox').addColumn('attachments', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('dev_mailbox').dropColumn('attachments').execute();
      await db.schema.dropIndex('sign_flow_signers_signed_copy').execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .dropColumn('signed_copy_expires_at')
        .execute();
      await db.schema.alterTable('sign_flow_signers').dropColumn('signed_copy_hash').execute();
    },
  };
}
