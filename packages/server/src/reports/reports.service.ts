import {
  reportOperations,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
} from '@esign/contract';
import type { DatabaseHandle } from '../db/database.ts';
import { monthRanges } from './month-ranges.ts';
import { presentReportRows } from './reports.presenter.ts';
import { countByMonthPostgres, countByMonthSqlite } from './reports.repository.ts';

export interface ReportDeps {
  database: DatabaseHandle;
  /** The organisation's IANA time zone (TIME_ZONE): months and days begin at its midnight. */
  timeZone: string;
}

/**
 * Counts the report's audit operations per month of the organisation's time zone, over whole
 * days from start to end; a month and operation without events has no row.
 */
export async function buildReport(
  deps: ReportDeps,
  kind: ReportKind,
  query: ReportQuery,
): Promise<ReportRow[]> {
  const operations = reportOperations[kind];
  const { db } = deps.database;
  const counts =
    deps.database.kind === 'postgres'
      ? await countByMonthPostgres(db, { operations, ...query, timeZone: deps.timeZone })
      : await countByMonthSqlite(db, {
          operations,
          months: monthRanges(query.start, query.end, deps.timeZone),
        });
  return presentReportRows(counts, operations);
}
