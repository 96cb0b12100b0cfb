import { apiRoutes, FlowEventsResponse, RecordId, signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile, storedFileResponses } from '../files/send-stored-file.ts';
import { errorResponse, errorResponses, flowConflictResponse } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
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
  const security = sessionSecurity;
  const noSuchSigner = errorResponse(
    404,
    'No such flow, or the caller may not see it, or the flow has no such signer (errors.notFound).',
  );

  routes.get(
    apiRoutes.signingUrl,
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: "A signer's personal signing link (once the flow has been sent)",
        security,
        params: z.object({ signFlowId: RecordId, signatureId: RecordId }),
        response: {
          200: z.string().describe('The link, an absolute URL'),
          ...errorResponses(400, 401),
          ...errorResponse(
            404,
            'No such flow or signer visible to the caller, or the flow has not been sent yet, so the signer has no link (errors.notFound).',
          ),
        },
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
        security,
        params: z.object({ signFlowId: RecordId, signatureId: RecordId }),
        response: {
          204: z.null().describe('Unlocked; the signer is mailed their link'),
          ...errorResponses(400, 401),
          ...noSuchSigner,
          ...flowConflictResponse(
            'The flow is not out for signing, the signer has signed or rejected, or the link is not locked (any more).',
          ),
        },
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
        security,
        params: z.object({ signFlowId: RecordId, signatureId: RecordId }),
        response: {
          204: z.null().describe('The reminder is on its way'),
          ...errorResponses(400, 401),
          ...noSuchSigner,
          ...flowConflictResponse(
            'The flow is not out for signing, or the signer has signed or rejected, or has not been invited yet (not their turn).',
          ),
          ...errorResponse(
            429,
            'signing.errors.remindedRecently: the signer was reminded less than an hour ago (by anyone, or by the reminder job). No Retry-After header.',
          ),
        },
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
        security,
        params: z.object({ signFlowId: RecordId }),
        response: {
          200: FlowEventsResponse,
          ...errorResponses(400, 401),
          ...errorResponse(404, 'No such flow, or the caller may not see it (errors.notFound).'),
        },
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
        response: {
          ...storedFileResponses('The signed file', 'application/pdf'),
          ...errorResponses(400),
          ...errorResponse(
            404,
            'The token is not the inspector’s for this flow, or the flow has no signed file (yet, or any more): errors.notFound either way.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { flowId, token } = request.params;
      const signed = await findInspectorFile(deps, flowId, token, requestMetaOf(request));
      return sendStoredFile(deps, request, reply, signed);
    },
  );
}
