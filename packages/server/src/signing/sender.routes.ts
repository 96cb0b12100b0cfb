import { apiRoutes, FlowEventsResponse, RecordId, signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../files/send-stored-file.ts';
import { requestMetaOf, requireSession, userOf } from '../http/request-context.ts';
import { inspectorRoute } from './signing-addresses.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findInspectorFile, flowEvents, signingUrlFor } from './sender.service.ts';

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
      const signed = await findInspectorFile(deps, flowId, token, requestMetaOf(request));
      return sendStoredFile(deps, request, reply, signed);
    },
  );
}
