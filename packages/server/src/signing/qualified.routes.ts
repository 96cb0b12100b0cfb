import { plainText, signingPaths, signingRoutes } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
