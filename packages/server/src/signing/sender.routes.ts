import { apiRoutes, FlowEventsResponse, RecordId, signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../files/send-stored-file.ts';
import {
  requestContextOf,
  requestMetaOf,
  requireSession,
  userOf,
} from '../http/request-context.ts';
import { inspectorRoute } from './signing-addresses.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findInspectorFile, flowEvents, signingUrlFor } from './sender.service.ts';
import { unlockLink } from './signer-link-lock.service.ts';
import { remindSignerNow } from './signer-reminder.service.ts';

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

  routes.post(
    apiRoutes.unlockSigner,
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary:
          "Unlocks a signer's link locked after too many e-mail codes; the signer is mailed the link (beyond SPEC)",
        params: z.object({ signFlowId: RecordId, signatureId: RecordId }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { signFlowId, signatureId } = request.params;
      await unlockLink(deps, user, signFlowId, signatureId, requestContextOf(request, user.email));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    apiRoutes.remindSigner,
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary:
          'Mails a pending signer a reminder with their link now; one per signer an hour (beyond SPEC)',
        params: z.object({ signFlowId: RecordId, signatureId: RecordId }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { signFlowId, signatureId } = request.params;
      await remindSignerNow(
        deps,
        user,
        signFlowId,
        signatureId,
        requestContextOf(request, user.email),
      );
      return reply.code(204).send(null);
    },
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
