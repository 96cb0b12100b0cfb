import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Clock } from '../../time/clock.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requestMetaOf } from '../../http/request-context.ts';
import { completeLogin, endSamlSessions, recordLoginFailure } from '../login.service.ts';
import { endSession, hashSessionToken } from '../session.service.ts';
import { takeBoundRequestId } from './saml-browser-binding.ts';
import type { SamlLogin } from './saml-login.ts';

// RelayState is accepted but not used: the return path is kept with the request.
const AcsBody = z.object({
  SAMLResponse: z.string().max(500_000).optional(),
  RelayState: z.string().max(2000).optional(),
});
const LogoutMessage = z.object({
  SAMLRequest: z.string().max(100_000).optional(),
  SAMLResponse: z.string().max(100_000).optional(),
  RelayState: z.string().max(2000).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(2000).optional(),
});
type Fields = Record<string, string | undefined>;
const redirected = (description: string) => ({ 303: z.null().meta({ description }) });

const definedOnly = (fields: Fields): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
const rawQueryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * The SAML service provider's endpoints: metadata, the assertion consumer and single
 * logout. Only these routes parse form bodies. The ACS and SLO are cross-site POSTs from
 * the provider, protected by signatures and InResponseTo instead of the XSRF token; the ACS
 * also by the cookie that binds the request to the browser that started it.
 */
export async function registerSamlRoutes(
  app: FastifyInstance,
  deps: { config: AppConfig; database: DatabaseHandle; samlLogin: SamlLogin; clock: Clock },
) {
  const { config, database, samlLogin, clock } = deps;
  await app.register(async (scope) => {
    await scope.register(formbody);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/esign/Users/saml/metadata',
      {
        schema: {
          tags: ['login'],
          summary: 'The service provider metadata for the federation',
          response: {
            200: {
              description: 'The metadata (XML)',
              content: { 'application/samlmetadata+xml': { schema: z.string() } },
            },
          },
        },
      },
      async (_request, reply) =>
        reply.type('application/samlmetadata+xml').send(samlLogin.metadata()),
    );

    routes.post(
      '/api/esign/Users/saml/acs',
      {
        config: { csrf: false },
        schema: {
          tags: ['login'],
          summary: 'Where the identity provider posts the SAML response',
          consumes: ['application/x-www-form-urlencoded'],
          body: AcsBody,
          response: {
            ...redirected(
              'Signed in: to the return path (Location) with the new session cookie; refused (no login started in this browser, a bad signature or audience): to /login?failed=1.',
            ),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) => {
        const meta = requestMetaOf(request);
        const boundRequestId = takeBoundRequestId(config, request, reply);
        let actor: string | null = null;
        try {
          if (!request.body.SAMLResponse) throw new Error('no SAMLResponse');
          if (!boundRequestId) throw new Error('no login was started in this browser');
          const result = await samlLogin.validate(definedOnly(request.body), boundRequestId);
          actor = result.identity.email;
          // A session the browser may already have is ended: the login always starts a new one.
          if (request.session) await endSession(database.db, request.session.id);
          const token = await completeLogin(
            database.db,
            config,
            result.identity,
            { method: 'saml', samlNameId: result.nameId, samlSessionIndex: result.sessionIndex },
            meta,
            clock.now(),
          );
          app.sessionCookies.setSession(reply, token);
          app.sessionCookies.refreshCsrf(reply, { id: hashSessionToken(token) }, request);
          return reply.redirect(result.returnTo, 303);
        } catch (error) {
          request.log.info({ reason: reasonOf(error) }, 'SAML login refused');
          await recordLoginFailure(database.db, actor, reasonOf(error), meta, clock.now());
          return reply.redirect('/login?failed=1', 303);
        }
      },
    );

    const handleLogout = async (
      request: FastifyRequest,
      reply: FastifyReply,
      fields: Fields,
      query: string | null,
    ) => {
      try {
        const message = await samlLogin.validateLogout(definedOnly(fields), query);
        if (message.kind === 'request') {
          await endSamlSessions(
            database.db,
            message.nameId,
            message.sessionIndex,
            requestMetaOf(request),
            clock.now(),
          );
          if (message.answerUrl) return reply.redirect(message.answerUrl, 303);
        }
      } catch (error) {
        request.log.info({ reason: reasonOf(error) }, 'SAML logout message refused');
      }
      return reply.redirect('/logout', 303);
    };
    const sloSchema = {
      tags: ['login'],
      summary: 'Single logout: the provider’s LogoutRequest or LogoutResponse',
      response: {
        ...redirected(
          "To the provider's answer to its LogoutRequest (Location), or to the web app's /logout page.",
        ),
        ...errorResponses(400),
      },
    };
    routes.get(
      '/api/esign/Users/saml/slo',
      { schema: { ...sloSchema, querystring: LogoutMessage } },
      // The signature covers the query exactly as sent, so node-saml needs it raw.
      (request, reply) => handleLogout(request, reply, request.query, rawQueryOf(request.url)),
    );
    routes.post(
      '/api/esign/Users/saml/slo',
      {
        config: { csrf: false },
        schema: {
          ...sloSchema,
          consumes: ['application/x-www-form-urlencoded'],
          body: LogoutMessage,
        },
      },
      (request, reply) => handleLogout(request, reply, request.body, null),
    );
  });
}
