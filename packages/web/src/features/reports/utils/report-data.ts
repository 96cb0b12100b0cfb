import { reportOperations, type ReportKind, type ReportRow } from '@esign/contract';

/** One bar group of the chart: a month and the count of each operation in it (0 when none). */
export interface ChartMonth {
  month: string;
  counts: Record<string, number>;
}

/** Every month from the start date's to the end date's, as YYYY-MM, oldest first. */
export function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  let [year = 0, month = 1] = start.split('-').map(Number);
  const last = end.slice(0, 7);
  for (;;) {
    const label = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (label > last) return months;
    months.push(label);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/**
 * The chart's data: a group for every month of the range, also months without events, each
 * with a count for every operation the report covers.
 */
export function toChartData(
  kind: ReportKind,
  rows: readonly ReportRow[],
  range: { start: string; end: string },
): ChartMonth[] {
  return monthsBetween(range.start, range.end).map((month) => {
    const counts: Record<string, number> = {};
    for (const operation of reportOperations[kind]) {
      const row = rows.find((item) => item.Month === month && item.Operation === operation);
      counts[operation] = row?.Count ?? 0;
    }
    return { month, counts };
  });
}

/** The report's table as CSV rows: a header, then one row per month and operation. */
export function toCsvRows(
  rows: readonly ReportRow[],
  header: [month: string, operation: string, count: string],
  labelOf: (operation: string) => string,
): Array<Array<string | number>> {
  return [header, ...rows.map((row) => [row.Month, labelOf(row.Operation), row.Count])];
}

/** The default range: from the first day of the month eleven months back to today. */
export function defaultReportRange(today: Date): { start: string; end: string } {
  const first = new Date(today.getFullYear(), today.getMonth() - 11, 1);
  return { start: localDate(first), end: localDate(today) };
}

function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
