import type { Kysely, Migration } from 'kysely';
import { timestampColumn, type MigrationContext } from '../migration-context.ts';

/**
 * Issue 14's login hardening: a SAML login's return path is kept with its request (never
 * taken from RelayState, which anyone can change on the way back); login throttling counts
 * an attempt before the password is checked and makes the next one wait after the last,
 * so each key remembers when its last attempt was.
 */
export function loginHardening(context: MigrationContext): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('saml_requests').addColumn('return_to', 'varchar(2000)').execute();
      await db.schema
        .alterTable('login_throttle')
        .addColumn('last_attempt_at', timestampColumn(context))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('login_throttle').dropColumn('last_attempt_at').execute();
      await db.schema.alterTable('saml_requests').dropColumn('return_to').execute();
    },
  };
}
