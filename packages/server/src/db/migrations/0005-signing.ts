import type { Kysely } from 'kysely';
import { timestampColumn, type MigrationContext } from '../migration-context.ts';

/**
 * What signing needs: the durable job queue, the dev mailbox, the signers' links, codes
 * and verified identities, signer sessions and pending identifications, the flow's
 * working document, and audit events chained per flow.
 */
export function signing(context: MigrationContext) {
  const timestamp = timestampColumn(context);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(50)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        // A job with a key exists at most once while it waits: enqueueing it again is a no-op.
        .addColumn('dedupe_key', 'varchar(200)', (c) => c.unique())
        .addColumn('run_at', timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('locked_by', 'varchar(100)')
        .addColumn('locked_until', timestamp)
        .addColumn('last_error', 'text')
        .addColumn('failed_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['failed_at', 'run_at']).execute();

      await db.schema
        .createTable('dev_mailbox')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(500)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('sent_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('token_salt', 'varchar(64)')
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('token_hash', 'varchar(64)')
        .execute();
      await db.schema.alterTable('sign_flow_signers').addColumn('invited_at', timestamp).execute();
      await db.schema.alterTable('sign_flow_signers').addColumn('reminded_at', timestamp).execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('code_hash', 'varchar(64)')
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('code_expires_at', timestamp)
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('verified_identity', 'text')
        .execute();
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('signature_level', 'varchar(20)')
        .execute();
      await db.schema
        .createIndex('sign_flow_signers_token')
        .on('sign_flow_signers')
        .column('token_hash')
        .unique()
        .execute();

      await db.schema
        .createTable('signer_sessions')
        .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('signer_id', 'varchar(36)', (c) =>
          c.notNull().references('sign_flow_signers.id').onDelete('cascade'),
        )
        .addColumn('identity', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('signer_auth_states')
        .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('signer_id', 'varchar(36)', (c) =>
          c.notNull().references('sign_flow_signers.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('sign_flows')
        .addColumn('working_file_id', 'varchar(36)')
        .execute();
      await db.schema.alterTable('sign_flows').addColumn('failure_reason', 'text').execute();

      await db.schema.alterTable('audit_events').addColumn('flow_id', 'varchar(36)').execute();
      await db.schema
        .createIndex('audit_events_flow')
        .on('audit_events')
        .columns(['flow_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_events_flow').execute();
      await db.schema.alterTable('audit_events').dropColumn('flow_id').execute();
      await db.schema.alterTable('sign_flows').dropColumn('failure_reason').execute();
      await db.schema.alterTable('sign_flows').dropColumn('working_file_id').execute();
      await db.schema.dropTable('signer_auth_states').execute();
      await db.schema.dropTable('signer_sessions').execute();
      await db.schema.dropIndex('sign_flow_signers_token').execute();
      for (const column of [
        'signature_level',
        'verified_identity',
        'code_attempts',
        'code_expires_at',
        'code_hash',
        'reminded_at',
        'invited_at',
        'token_hash',
        'token_salt',
      ]) {
        await db.schema.alterTable('sign_flow_signers').dropColumn(column).execute();
      }
      await db.schema.dropTable('dev_mailbox').execute();
      await db.schema.dropTable('jobs').execute();
    },
  };
}
