import type { Kysely } from 'kysely';
import { timestampColumn, type MigrationContext } from '../migration-context.ts';

/**
 * Identity: portal users, user groups and memberships, server-side sessions, pending
 * logins, the built-in provider's accounts and storage, login throttling, audit events.
 */
export function identity(context: MigrationContext) {
  const timestamp = timestampColumn(context);
  const flag = context.kind === 'postgres' ? ('boolean' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
        .addColumn('subject', 'varchar(500)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('organisation', 'varchar(200)')
        .addColumn('title', 'varchar(200)')
        .addColumn('is_admin', flag, (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_login_at', timestamp, (c) => c.notNull())
        .addUniqueConstraint('users_issuer_subject', ['issuer', 'subject'])
        .execute();
      await db.schema.createIndex('users_email').on('users').column('email').execute();

      await db.schema
        .createTable('user_groups')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('normalized_name', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('concurrency_stamp', 'varchar(36)', (c) => c.notNull())
        .addColumn('role_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('haka_group_id', 'varchar(500)')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_groups_haka_group_id')
        .on('user_groups')
        .column('haka_group_id')
        .execute();
      await db.schema
        .createTable('user_group_members')
        .addColumn('group_id', 'varchar(36)', (c) =>
          c.notNull().references('user_groups.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'varchar(36)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(36)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('login_method', 'varchar(10)', (c) => c.notNull())
        .addColumn('id_token', 'text')
        .addColumn('saml_name_id', 'varchar(500)')
        .addColumn('saml_session_index', 'varchar(500)')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(500)')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_states')
        .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
        .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
        .addColumn('return_to', 'varchar(2000)', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('local_accounts')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
        .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('organisation', 'varchar(200)')
        .addColumn('title', 'varchar(200)')
        .addColumn('groups', 'text', (c) => c.notNull())
        .addColumn('is_demo', flag, (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_events')
        .addColumn('seq', context.kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
          context.kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('occurred_at', timestamp, (c) => c.notNull())
        .addColumn('operation', 'varchar(50)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(36)')
        .addColumn('actor', 'varchar(254)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(500)')
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('previous_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_events_operation_time')
        .on('audit_events')
        .columns(['operation', 'occurred_at'])
        .execute();

      await db.schema
        .createTable('idp_payloads')
        .addColumn('model', 'varchar(50)', (c) => c.notNull())
        .addColumn('id', 'varchar(200)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'varchar(200)')
        .addColumn('user_code', 'varchar(200)')
        .addColumn('uid', 'varchar(200)')
        .addColumn('expires_at', timestamp)
        .addColumn('consumed_at', timestamp)
        .addPrimaryKeyConstraint('idp_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema
        .createIndex('idp_payloads_grant')
        .on('idp_payloads')
        .column('grant_id')
        .execute();
      await db.schema.createIndex('idp_payloads_uid').on('idp_payloads').column('uid').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'idp_payloads',
        'audit_events',
        'login_throttle',
        'local_accounts',
        'login_states',
        'sessions',
        'user_group_members',
        'user_groups',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
