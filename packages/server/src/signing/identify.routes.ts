import { signingErrorKeys, signingPaths, signingRoutes } from '@esign/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { injectFetch } from '../auth/identity.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { SignerIdentificationError } from './identify/identification-error.ts';
import {
  completeSignerIdentification,
  startSignerIdentification,
} from './identify/signer-identification.ts';
import { identityMatchesSigner } from './identify/verified-identity.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findSigner } from './signing.repository.ts';
import { createSignerSession, signerCookieName } from './signer-session.ts';
import { assertOpen, loadSignerContext } from './signer-task.service.ts';
import { requestContextOf } from '../http/request-context.ts';
import { setSignerCookie, signerActor } from './signer-request.ts';

const tags = ['signing'];
const stateCookie = 'esign_identify';

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
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const context = await loadSignerContext(deps, token, request.cookies[signerCookieName]);
      assertOpen(context);
      if (context.flow.minimum_signature_level !== 'Advanced')
        throw new AppError('validation', { key: signingErrorKeys.wrongLevel });
      const url = await startSignerIdentification(
        { ...identifyDeps, log: request.log },
        context.signer.id,
        token,
      );
      // Binds the answer to this browser: a callback address replayed elsewhere is refused.
      const state = new URL(url).searchParams.get('state') ?? '';
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
    { schema: { tags, summary: 'Where the signers’ identity provider answers' } },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, deps.config.publicUrl);
      const expectedState = request.cookies[stateCookie];
      reply.clearCookie(stateCookie, { path: signingRoutes.identifyCallback });
      let result;
      try {
        if (!expectedState || callbackUrl.searchParams.get('state') !== expectedState)
          throw new SignerIdentificationError(null, new Error('state not of this browser'));
        result = await completeSignerIdentification(
          { ...identifyDeps, log: request.log },
          callbackUrl,
        );
      } catch (error) {
        if (error instanceof SignerIdentificationError && error.returnToken)
          return backToPage(reply, error.returnToken, signingErrorKeys.identificationFailed);
        throw error;
      }
      const { signerId, returnToken, identity } = result;
      const signer = await findSigner(deps.db, signerId);
      if (!signer) throw new AppError('notFound', { key: signingErrorKeys.linkInvalid });
      const context = await loadSignerContext(deps, returnToken, undefined);
      const now = deps.clock.now();
      const audit = requestContextOf(request, signerActor(context));
      if (!identityMatchesSigner(identity, signer)) {
        await recordAuditEvent(
          deps.db,
          {
            operation: auditOperations.authenticationFailed,
            flowId: signer.flow_id,
            ...audit,
            details: { signerId, method: 'oidc', reason: 'identity does not match the signer' },
          },
          now,
        );
        return backToPage(reply, returnToken, signingErrorKeys.identityMismatch);
      }
      const session = await deps.db.transaction().execute(async (trx) => {
        await recordAuditEvent(
          trx,
          {
            operation: auditOperations.authenticated,
            flowId: signer.flow_id,
            ...audit,
            details: { signerId, method: 'oidc', issuer: identity.issuer },
          },
          now,
        );
        return createSignerSession(trx, signerId, identity, now);
      });
      setSignerCookie(deps, reply, returnToken, session);
      return backToPage(reply, returnToken);
    },
  );
}
