import type { Kysely, Migration } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import { timestampColumn } from '../migration-context.ts';

/**
 * Templates: a flow's settings, files and signers kept for use again. The signers are roles
 * ("Employee"), each optionally filled with a fixed person; the files are the template's own
 * objects (templates/{id}/{fileId}), copied into every flow made from it. A template is its
 * owner's, or shared with one group (its members use it; with group_can_edit they change it).
 */
export function templates(context: MigrationContext): Migration {
  const timestamp = timestampColumn(context);
  const flag = context.kind === 'postgres' ? ('boolean' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('templates')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
        // A deleted group's templates stay with their owners, private.
        .addColumn('group_id', 'varchar(36)', (c) =>
          c.references('user_groups.id').onDelete('set null'),
        )
        .addColumn('group_can_edit', flag, (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('name_search', 'varchar(200)', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('signature_process', 'varchar(20)')
        .addColumn('minimum_signature_level', 'varchar(20)')
        .addColumn('inspector_email', 'varchar(254)')
        .addColumn('reminder_interval_days', 'integer')
        .addColumn('language', 'varchar(10)')
        // Changes with every save: a save or upload against an older stamp loses (409).
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('templates_owner').on('templates').column('owner_id').execute();
      await db.schema.createIndex('templates_group').on('templates').column('group_id').execute();
      await db.schema
        .createTable('template_roles')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('template_id', 'varchar(36)', (c) =>
          c.notNull().references('templates.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
        // The fixed person, when the role has one (email null: filled at use).
        .addColumn('name', 'varchar(200)')
        .addColumn('email', 'varchar(254)')
        .addColumn('organisation', 'varchar(200)')
        .addColumn('personal_identity_code', 'varchar(11)')
        .execute();
      await db.schema
        .createIndex('template_roles_template')
        .on('template_roles')
        .columns(['template_id', 'position'])
        .execute();
      await db.schema
        .createTable('template_files')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('template_id', 'varchar(36)', (c) =>
          c.notNull().references('templates.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('template_files_template')
        .on('template_files')
        .column('template_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('template_files').execute();
      await db.schema.dropTable('template_roles').execute();
      await db.schema.dropTable('templates').execute();
    },
  };
}
