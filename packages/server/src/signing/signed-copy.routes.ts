import { signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile, storedFileResponses } from '../files/send-stored-file.ts';
import { ErrorBody, errorResponses } from '../http/error-responses.ts';
import { requestMetaOf } from '../http/request-context.ts';
import { sendWebAppNotFound } from '../web/web-app.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findSignedCopy } from './signed-copy.service.ts';

/**
 * A signer's link to the signed document (in their mail and on their signing page): the file
 * while the link works; after that, or for any other token, 404 with the web app's page that
 * says the link no longer works.
 */
export async function registerSignedCopyRoutes(app: FastifyInstance, deps: SigningDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    signingRoutes.signedCopy,
    {
      schema: {
        tags: ['signing'],
        summary: "A signer's link to the signed document of a finished flow (no login)",
        params: z.object({ token: z.string().min(1).max(100) }),
        response: {
          ...storedFileResponses('The signed document', 'application/pdf'),
          ...errorResponses(400),
          404: {
            description:
              'The link no longer works (past its end) or never did: the web app’s page that says so, for a browser; the JSON error when the web app is not built.',
            content: {
              'text/html': { schema: z.string() },
              'application/json': { schema: ErrorBody },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await findSignedCopy(deps, request.params.token, requestMetaOf(request));
      if (!file) return sendWebAppNotFound(reply, deps.config.webDistDir);
      return sendStoredFile(deps, request, reply, file);
    },
  );
}
