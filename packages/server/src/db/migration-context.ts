import type { DatabaseKind } from './database.ts';

export interface MigrationContext {
  kind: DatabaseKind;
}

/** A UTC timestamp column: timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
export function timestampColumn(context: MigrationContext) {
  return context.kind === 'postgres' ? ('timestamptz' as const) : ('text' as const);
}
