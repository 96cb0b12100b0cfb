import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MonthRange } from './month-ranges.ts';

/** How many events of one operation fell in one month of the organisation's time zone. */
export interface MonthlyCount {
  month: string;
  operation: string;
  count: number;
}

interface CountRow {
  month: string;
  operation: string;
  count: number | string;
}

const toMonthlyCount = (row: CountRow): MonthlyCount => ({
  month: row.month,
  operation: row.operation,
  count: Number(row.count),
});

/**
 * PostgreSQL: the zone's own rules, in the database. The range ends are local midnights
 * (`date::timestamp at time zone`), months come from `date_trunc` on the local time; the
 * label is formatted after grouping, so only the month start is computed per event.
 */
export async function countByMonthPostgres(
  db: Kysely<Database>,
  options: { operations: readonly string[]; start: string; end: string; timeZone: string },
): Promise<MonthlyCount[]> {
  const { operations, start, end, timeZone } = options;
  const result = await sql<CountRow>`
    select to_char(month_start, 'YYYY-MM') as month, operation, count
    from (
      select date_trunc('month', occurred_at at time zone ${timeZone}) as month_start,
             operation, count(*) as count
      from audit_events
      where operation in (${sql.join(operations)})
        and occurred_at >= (cast(${start} as date))::timestamp at time zone ${timeZone}
        and occurred_at < (cast(${end} as date) + 1)::timestamp at time zone ${timeZone}
      group by month_start, operation
    ) as months
    order by month, operation`.execute(db);
  return result.rows.map(toMonthlyCount);
}

/**
 * SQLite (no time-zone rules inside): each month's UTC boundaries come in as rows, and the
 * events are counted per month by a range join. `occurred_at` is ISO-8601 UTC text of one
 * fixed format, so text comparison is time order; CROSS JOIN keeps the months the outer
 * loop, so each month and operation is one seek into (operation, occurred_at).
 */
export async function countByMonthSqlite(
  db: Kysely<Database>,
  options: { operations: readonly string[]; months: readonly MonthRange[] },
): Promise<MonthlyCount[]> {
  const { operations, months } = options;
  if (months.length === 0) return [];
  const values = sql.join(months.map((range) => sql`(${range.month}, ${range.from}, ${range.to})`));
  const result = await sql<CountRow>`
    with months(month, from_at, to_at) as (values ${values})
    select months.month as month, e.operation as operation, count(*) as count
    from months cross join audit_events as e
    where e.operation in (${sql.join(operations)})
      and e.occurred_at >= months.from_at
      and e.occurred_at < months.to_at
    group by months.month, e.operation
    order by months.month, e.operation`.execute(db);
  return result.rows.map(toMonthlyCount);
}
