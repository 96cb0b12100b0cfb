import { apiRoutes, FlowEventsResponse, RecordId, signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { sendStoredFile } from '../files/send-stored-file.ts';
import { requireSession, userOf } from '../http/request-context.ts';
import { listFiles } from '../signflows/flow-records.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { inspectorRoute } from './signing-addresses.ts';
import { inspectorToken, sameToken } from './signing-links.ts';
import type { SigningDeps } from './signing-deps.ts';
import { flowEvents, signingUrlFor } from './sender.service.ts';

/** The sender's view into signing (links, the audit trail) and the inspector's read-only link. */
export async function registerSenderRoutes(app: FastifyInstance, deps: SigningDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign flows'];

  routes.get(
    apiRoutes.signingUrl,
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: "A signer's personal signing link (once the flow has been sent)",
        params: z.object({ signFlowId: RecordId, signatureId: RecordId }),
        response: { 200: z.string() },
      },
    },
    async (request) =>
      signingUrlFor(deps, userOf(request), request.params.signFlowId, request.params.signatureId),
  );

  routes.get(
    signingRoutes.flowEvents,
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: "The flow's audit trail (hash-chained per flow)",
        params: z.object({ signFlowId: RecordId }),
        response: { 200: FlowEventsResponse },
      },
    },
    async (request) => flowEvents(deps, userOf(request), request.params.signFlowId),
  );

  routes.get(
    inspectorRoute,
    {
      schema: {
        tags,
        summary: "The inspector's read-only link: the flow's signed file",
        params: z.object({ flowId: RecordId, token: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const { flowId, token } = request.params;
      if (!sameToken(token, inspectorToken(deps.config.sessionSecret, flowId)))
        throw new AppError('notFound');
      const [signed] = await listFiles(deps.db, flowId, 'signedfile');
      if (!signed) throw new AppError('notFound');
      await recordAuditEvent(
        deps.db,
        {
          operation: auditOperations.downloaded,
          flowId,
          actor: 'inspector',
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          details: { kind: 'signedfile' },
        },
        deps.clock.now(),
      );
      return sendStoredFile(deps, request, reply, signed);
    },
  );
}
