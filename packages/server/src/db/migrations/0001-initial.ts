import type { Kysely } from 'kysely';
import { timestampColumn, type MigrationContext } from '../migration-context.ts';

/** Settings: small key-value texts such as the front-page introduction. */
export function initial(context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(100)', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .addColumn('updated_at', timestampColumn(context), (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('settings').execute();
    },
  };
}
