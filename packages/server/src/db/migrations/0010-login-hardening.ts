import type { Kysely, Migration } from 'kysely';

/**
 * Issue 14's login hardening: a SAML login's return path is kept with its request (never
 * taken from RelayState, which anyone can change on the way back).
 */
export function loginHardening(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('saml_requests').addColumn('return_to', 'varchar(2000)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('saml_requests').dropColumn('return_to').execute();
    },
  };
}
