import type { ColumnType, Selectable } from 'kysely';

/** Timestamps: written as Date, read as Date (PostgreSQL) or ISO text (SQLite); see toIsoString. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}
export type SettingRow = Selectable<SettingsTable>;

/** The whole database as Kysely sees it; each migration extends it. */
export interface Database {
  settings: SettingsTable;
}
