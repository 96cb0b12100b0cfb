import SQLite from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

interface Column {
  name: string;
  type: string;
  /** Filled from a sequence (serial, identity): reset after the copy. */
  sequence: boolean;
}

/** The app's tables in the target schema, each after the tables its foreign keys point to. */
export async function tablesInDependencyOrder(db: Kysely<Database>): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not like 'kysely\\_%' order by table_name`.execute(db);
  const links = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  const remaining = new Set(tables.rows.map((row) => row.name));
  const ordered: string[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining].filter((table) =>
      links.rows.every(
        (link) => link.child !== table || link.parent === table || !remaining.has(link.parent),
      ),
    );
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${[...remaining]}`);
    for (const table of ready) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  return ordered;
}

async function columnsOf(db: Kysely<Database>, table: string): Promise<Column[]> {
  const result = await sql<{ name: string; type: string; sequence: boolean }>`
    select column_name as name, data_type as type,
      (coalesce(column_default, '') like 'nextval(%' or is_identity = 'YES') as sequence
    from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  return result.rows;
}

/** SQLite keeps booleans as 0/1 and times as ISO text; PostgreSQL wants its own types. */
function convert(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'boolean') return Number(value) !== 0;
  if (column.type.startsWith('timestamp') && typeof value === 'number') return new Date(value);
  return value;
}

const tuple = (values: unknown[]): RawBuilder<unknown> => sql`(${sql.join(values)})`;

/** Rows of the target's tables that are not empty. */
export async function tablesWithRows(db: Kysely<Database>, tables: string[]) {
  const counts = await Promise.all(tables.map((table) => countRows(db, table)));
  return tables.filter((_, index) => (counts[index] ?? 0) > 0);
}

export async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Copies every row of the SQLite file into the PostgreSQL schema, parents before children,
 * in one transaction (all rows or none); then moves each sequence past the copied values.
 */
export async function copyTables(
  sqliteFile: string,
  target: Kysely<Database>,
  options: { emptyFirst: boolean; log: (line: string) => void },
): Promise<TableCount[]> {
  const tables = await tablesInDependencyOrder(target);
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const sourceTables = new Set(
      source
        .prepare(`select name from sqlite_master where type = 'table'`)
        .pluck()
        .all() as string[],
    );
    const missing = tables.filter((table) => !sourceTables.has(table));
    if (missing.length) throw new Error(`the SQLite database has no table ${missing.join(', ')}`);
    await target.transaction().execute(async (trx) => {
      if (options.emptyFirst)
        await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))} restart identity cascade`.execute(
          trx,
        );
      for (const table of tables) {
        const columns = await columnsOf(trx, table);
        const names = columns.map((column) => column.name);
        const perBatch = Math.max(1, Math.min(500, Math.floor(30_000 / columns.length)));
        const rows = source
          .prepare(`select ${names.map((name) => `"${name}"`).join(', ')} from "${table}"`)
          .raw()
          .iterate() as IterableIterator<unknown[]>;
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const values = batch.map((row) =>
            tuple(row.map((value, i) => convert(value, columns[i] as Column))),
          );
          await sql`insert into ${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))}) values ${sql.join(values)}`.execute(
            trx,
          );
          batch = [];
        };
        for (const row of rows) {
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        for (const column of columns.filter((each) => each.sequence)) {
          await sql`select setval(pg_get_serial_sequence(${table}, ${column.name}),
            coalesce((select max(${sql.ref(column.name)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
            trx,
          );
        }
        options.log(`copied ${table}`);
      }
    });
    const counts: TableCount[] = [];
    for (const table of tables) {
      const sourceCount = source.prepare(`select count(*) from "${table}"`).pluck().get() as number;
      counts.push({ table, source: sourceCount, target: await countRows(target, table) });
    }
    return counts;
  } finally {
    source.close();
  }
}
