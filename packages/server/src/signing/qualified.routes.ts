import { plainText, signingPaths, signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../http/error-responses.ts';
import { finishQualified } from './qualified-flow.service.ts';
import type { SigningDeps } from './signing-deps.ts';
import { requestContextOf } from '../http/request-context.ts';

/** Where the qualified trust service sends the signer back after authorising (or not). */
export async function registerQualifiedRoutes(app: FastifyInstance, deps: SigningDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    signingRoutes.qualifiedCallback,
    {
      schema: {
        tags: ['signing'],
        summary: 'The trust service answers a qualified signature’s authorisation',
        querystring: z.object({
          state: z.string().min(1).max(200).check(plainText()),
          code: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
        response: {
          303: z.null().meta({
            description:
              "Back to the signer's page (Location), with `?error=<key>` when the signature could not be completed; to the front page when the signer is not known.",
          }),
          ...errorResponse(
            400,
            'The query is not valid (issues), or its state is unknown, used or expired and names no signer (signing.errors.signingFailed).',
          ),
          ...errorResponse(
            404,
            "The signer's link is no longer valid (signing.errors.linkInvalid).",
          ),
          ...errorResponse(
            409,
            'The signer signed meanwhile in another request (signing.errors.alreadyDone).',
          ),
          ...errorResponse(
            503,
            'No qualified trust service is configured, or it failed before the signer was known (signing.errors.signingFailed).',
          ),
        },
      },
    },
    async (request, reply) => {
      const result = await finishQualified(
        deps,
        request.query,
        requestContextOf(request, 'signer'),
      );
      if (!result.returnToken) return reply.redirect('/', 303);
      const page = signingPaths.page(result.returnToken);
      return reply.redirect(
        result.errorKey ? `${page}?error=${encodeURIComponent(result.errorKey)}` : page,
        303,
      );
    },
  );
}
