import type { Kysely, Migration } from 'kysely';

/** The personal identity code a sender may give for a signer, which identification must match. */
export function signerIdentityCode(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sign_flow_signers')
        .addColumn('personal_identity_code', 'varchar(11)')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sign_flow_signers')
        .dropColumn('personal_identity_code')
        .execute();
    },
  };
}
