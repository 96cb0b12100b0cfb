import { apiPaths, PersonalDataQuery, type PersonalDataTarget } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requireAdmin, userOf } from '../http/request-context.ts';
import { runPersonalDataQuery, type PersonalDataDeps } from './personal-data.service.ts';

const paths: Record<PersonalDataTarget, string> = {
  service: apiPaths.reportPersonalService,
  portal: apiPaths.reportPersonalPortal,
};

const summaries: Record<PersonalDataTarget, string> = {
  service:
    'Everything the signing service holds about one person (flows sent or signed, files, events), as CSV',
  portal: 'Everything the portal holds about one person (user, groups, sessions, logins), as CSV',
};

/** The personal-data queries of SPEC §7 (GDPR article 15), for administrators only. */
export async function registerPersonalDataRoutes(app: FastifyInstance, deps: PersonalDataDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const target of ['service', 'portal'] as const) {
    routes.post(
      paths[target],
      {
        // onRequest, before the body is even read: a non-administrator learns nothing, not even 400.
        onRequest: requireAdmin,
        schema: {
          tags: ['reports'],
          summary: summaries[target],
          security: sessionSecurity,
          body: PersonalDataQuery,
          response: {
            200: {
              description:
                'The CSV (UTF-8 with a byte order mark), as an attachment named in Content-Disposition',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...errorResponses(400, 401),
            ...errorResponse(
              403,
              'Not an administrator (errors.forbidden), refused before the body is read.',
            ),
          },
        },
      },
      async (request, reply) => {
        const { csv, fileName } = await runPersonalDataQuery(
          deps,
          userOf(request),
          target,
          request.body,
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        );
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header(
            'Content-Disposition',
            `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          )
          .send(csv);
      },
    );
  }
}
