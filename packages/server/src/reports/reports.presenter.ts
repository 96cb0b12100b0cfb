import type { ReportRow } from '@esign/contract';
import type { MonthlyCount } from './reports.repository.ts';

/** Rows on the wire: oldest month first, and within a month the operations in SPEC §3's order. */
export function presentReportRows(
  counts: readonly MonthlyCount[],
  operations: readonly string[],
): ReportRow[] {
  const rank = (operation: string) => operations.indexOf(operation);
  return [...counts]
    .sort((a, b) => a.month.localeCompare(b.month) || rank(a.operation) - rank(b.operation))
    .map((count) => ({ Operation: count.operation, Count: count.count, Month: count.month }));
}
