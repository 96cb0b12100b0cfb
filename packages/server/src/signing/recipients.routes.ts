import { recipientRoutes, ViewerTask } from '@esign/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile, storedFileResponses } from '../files/send-stored-file.ts';
import { ErrorBody, errorResponse, errorResponses } from '../http/error-responses.ts';
import { requestMetaOf } from '../http/request-context.ts';
import { sendWebAppNotFound } from '../web/web-app.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findRecipientCopy, findViewerFile, showViewerTask } from './recipient-links.ts';

const Token = z.string().min(1).max(100);
const tags = ['recipients'];
const badLink = errorResponse(
  404,
  'The link is not a viewer’s: unknown, or its flow was deleted (signing.errors.linkInvalid).',
);
const ended = errorResponse(
  409,
  'The flow is no longer out for signing (signing.errors.flowEnded): the viewer’s link has ended.',
);
const copyGone = {
  404: {
    description:
      'The link no longer works (past its end, or its flow deleted) or never did: the web app’s page that says so, for a browser; the JSON error when the web app is not built.',
    content: {
      'text/html': { schema: z.string() },
      'application/json': { schema: ErrorBody },
    },
  },
};

/**
 * A flow's viewers and copy recipients: a viewer's page reads the document while the flow is
 * out; a copy recipient's links download the finished document and its evidence report.
 */
export async function registerRecipientRoutes(app: FastifyInstance, deps: SigningDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    recipientRoutes.viewerTask,
    {
      schema: {
        tags,
        summary: "A viewer's page: the document to read while the flow is out, or that it ended",
        params: z.object({ token: Token }),
        response: { 200: ViewerTask, ...errorResponses(400), ...badLink },
      },
    },
    async (request) => showViewerTask(deps, request.params.token, requestMetaOf(request)),
  );

  routes.get(
    recipientRoutes.viewerDocument,
    {
      schema: {
        tags,
        summary: 'The document as it stands, for a viewer while the flow is out (supports Range)',
        params: z.object({ token: Token }),
        response: {
          ...storedFileResponses('The document with the signatures so far', 'application/pdf'),
          ...errorResponses(400),
          ...badLink,
          ...ended,
        },
      },
    },
    async (request, reply) => {
      const file = await findViewerFile(deps, request.params.token, null, requestMetaOf(request));
      return sendStoredFile(deps, request, reply, file, 'inline');
    },
  );

  routes.get(
    recipientRoutes.viewerAttachment,
    {
      schema: {
        tags,
        summary: 'An attachment of the flow, for a viewer while the flow is out',
        params: z.object({ token: Token, attachmentId: z.string().min(1).max(100) }),
        response: {
          ...storedFileResponses('The attachment'),
          ...errorResponses(400),
          ...badLink,
          ...ended,
        },
      },
    },
    async (request, reply) => {
      const { token, attachmentId } = request.params;
      const file = await findViewerFile(deps, token, attachmentId, requestMetaOf(request));
      return sendStoredFile(deps, request, reply, file);
    },
  );

  const copyDownload =
    (kind: 'signedfile' | 'evidencereport') =>
    async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      const file = await findRecipientCopy(
        deps,
        request.params.token,
        kind,
        requestMetaOf(request),
      );
      if (!file) return sendWebAppNotFound(reply, deps.config.webDistDir);
      return sendStoredFile(deps, request, reply, file);
    };

  routes.get(
    recipientRoutes.copyDocument,
    {
      schema: {
        tags,
        summary: "A copy recipient's link to the signed document of a finished flow (no login)",
        params: z.object({ token: Token }),
        response: {
          ...storedFileResponses('The signed document', 'application/pdf'),
          ...errorResponses(400),
          ...copyGone,
        },
      },
    },
    copyDownload('signedfile'),
  );

  routes.get(
    recipientRoutes.copyEvidence,
    {
      schema: {
        tags,
        summary: "A copy recipient's link to the evidence report of a finished flow (no login)",
        params: z.object({ token: Token }),
        response: {
          ...storedFileResponses('The evidence report', 'application/pdf'),
          ...errorResponses(400),
          ...copyGone,
        },
      },
    },
    copyDownload('evidencereport'),
  );
}
