import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The signer an audit event is about (its details' signerId) as a column of its own, so that
 * "has this signer opened their task lately" is an indexed look-up rather than a search of
 * the JSON text. Events already recorded get it from their details. It is not part of the
 * hash chain: the details it comes from are.
 */
export function auditSigner(context: MigrationContext): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audit_events').addColumn('signer_id', 'varchar(36)').execute();
      await (
        context.kind === 'postgres'
          ? sql`update audit_events set signer_id = details::jsonb ->> 'signerId'
            where jsonb_typeof(details::jsonb -> 'signerId') = 'string'`
          : sql`update audit_events set signer_id = json_extract(details, '$.signerId')
            where json_valid(details) and json_type(details, '$.signerId') = 'text'`
      ).execute(db);
      await db.schema
        .createIndex('audit_events_signer')
        .on('audit_events')
        .columns(['signer_id', 'operation', 'occurred_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_events_signer').execute();
      await db.schema.alterTable('audit_events').dropColumn('signer_id').execute();
    },
  };
}
