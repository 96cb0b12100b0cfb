import { signingPaths, signingRoutes } from '@esign/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { injectFetch } from '../auth/identity.ts';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { beginIdentification, finishIdentification } from './identify.service.ts';
import type { SigningDeps } from './signing-deps.ts';
import { setSignerCookie, signerLinkOf, signerRequestOf } from './signer-request.ts';

const tags = ['signing'];
const stateCookie = 'esign_identify';
const backToSigningPage = z.null().meta({
  description:
    "Back to the signer's page (Location), with `?error=<key>` when identification failed or the identity did not match the signer.",
});

const backToPage = (reply: FastifyReply, token: string, errorKey?: string) =>
  reply.redirect(
    `${signingPaths.page(token)}${errorKey ? `?error=${encodeURIComponent(errorKey)}` : ''}`,
    303,
  );

/** Advanced: a fresh strong login at the signers' OIDC provider, matched to the signer. */
export async function registerIdentifyRoutes(app: FastifyInstance, deps: SigningDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Created once, so that the provider's discovery stays cached.
  const customFetch = deps.config.signerOidc?.kind === 'builtin' ? injectFetch(app) : undefined;
  const identifyDeps = { ...deps, ...(customFetch ? { customFetch } : {}) };

  routes.get(
    signingRoutes.identify,
    {
      schema: {
        tags,
        summary: "Sends the signer's browser to strong identification (Advanced)",
        params: z.object({ token: z.string().min(1).max(100) }),
        response: {
          303: z.null().meta({
            description:
              "To the signers' identity provider (Location), which always asks for a fresh login.",
          }),
          ...errorResponse(
            400,
            'The token is malformed (issues), or the flow is not Advanced (signing.errors.wrongLevel).',
          ),
          ...errorResponse(404, 'The link is not valid (signing.errors.linkInvalid).'),
          ...errorResponse(
            409,
            'The task is not open (signing.errors.notYourTurn, alreadyDone, flowEnded).',
          ),
          ...errorResponse(
            503,
            "The signers' identity provider does not answer (errors.unavailable).",
          ),
        },
      },
    },
    async (request, reply) => {
      const { url, state } = await beginIdentification(
        { ...identifyDeps, log: request.log },
        signerLinkOf(request),
      );
      // Binds the answer to this browser: a callback address replayed elsewhere is refused.
      reply.setCookie(stateCookie, state, {
        path: signingRoutes.identifyCallback,
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.publicUrl.protocol === 'https:',
        maxAge: 600,
      });
      return reply.redirect(url, 303);
    },
  );

  routes.get(
    signingRoutes.identifyCallback,
    {
      schema: {
        tags,
        summary: 'Where the signers’ identity provider answers',
        response: {
          303: backToSigningPage,
          ...errorResponse(
            400,
            'signing.errors.identificationFailed: the answer is not for an identification started in this browser, or its state is unknown or used, so no signing page to go back to is known.',
          ),
          ...errorResponses(404),
          ...errorResponse(
            503,
            "The signers' identity provider does not answer (errors.unavailable).",
          ),
        },
      },
    },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, deps.config.publicUrl);
      const expectedState = request.cookies[stateCookie];
      reply.clearCookie(stateCookie, { path: signingRoutes.identifyCallback });
      const answer = await finishIdentification(
        { ...identifyDeps, log: request.log },
        callbackUrl,
        expectedState,
        signerRequestOf(request),
      );
      if (answer.session) setSignerCookie(deps, reply, answer.returnToken, answer.session);
      return backToPage(reply, answer.returnToken, answer.errorKey ?? undefined);
    },
  );
}
