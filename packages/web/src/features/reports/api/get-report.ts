import { apiPaths, ReportRows, type ReportKind, type ReportQuery } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

const reportPaths: Record<ReportKind, string> = {
  signings: apiPaths.reportSignings,
  authentications: apiPaths.reportAuthentications,
};

/**
 * GET api/esign/Report/signings or …/authentications (the two calls share their shape):
 * rows of Operation, Count and Month for whole days from start to end.
 */
export function getReport(kind: ReportKind, query: ReportQuery): Promise<ReportRows> {
  const params = new URLSearchParams({ start: query.start, end: query.end });
  return requestJson(`${reportPaths[kind]}?${params.toString()}`, ReportRows);
}

/** Every report query's key starts with this. */
export const reportsKey = ['reports'] as const;

export const reportQueryOptions = (kind: ReportKind, query: ReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey, kind, query.start, query.end],
    queryFn: () => getReport(kind, query),
  });

export function useReport(kind: ReportKind, query: ReportQuery) {
  return useQuery(reportQueryOptions(kind, query));
}
