import { apiPaths, ReportQuery, ReportRows, type ReportKind } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requireAdmin } from '../http/request-context.ts';
import { buildReport, type ReportDeps } from './reports.service.ts';

const reports: Array<{ kind: ReportKind; path: string; summary: string }> = [
  {
    kind: 'signings',
    path: apiPaths.reportSignings,
    summary: 'Signatures and rejections per month (administrators)',
  },
  {
    kind: 'authentications',
    path: apiPaths.reportAuthentications,
    summary: 'Successful logins and logouts per month (administrators)',
  },
];

/** The two reports of SPEC §7: audit events counted per month of the organisation's time zone. */
export async function registerReportRoutes(app: FastifyInstance, deps: ReportDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const report of reports) {
    routes.get(
      report.path,
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['reports'],
          summary: report.summary,
          description: `start and end are ISO dates (YYYY-MM-DD), both included as whole days in ${deps.timeZone}; months are that zone's.`,
          security: sessionSecurity,
          querystring: ReportQuery,
          response: {
            200: ReportRows,
            ...errorResponse(
              400,
              'start or end is missing or not a date (YYYY-MM-DD), or end is before start (issues).',
            ),
            ...errorResponses(401),
            ...errorResponse(403, 'Not an administrator (errors.forbidden).'),
          },
        },
      },
      async (request) => buildReport(deps, report.kind, request.query),
    );
  }
}
