import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { plainText } from '@esign/contract';
import { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { errorResponse, withoutNotFound } from '../http/error-responses.ts';
import { requestMetaOf } from '../http/request-context.ts';
import type { Clock } from '../time/clock.ts';
import { builtinAdministratorGroup, demoAccounts } from './accounts.service.ts';
import { checkBuiltinLogin } from './builtin-login.service.ts';
import { knownBrowserOf, rememberBrowser } from './known-browser.ts';
import { logoutScript } from './pages.ts';

/** The login form's interaction (uid and its cookie) is unknown or over: start the login again. */
const loginExpired = (extra = '') =>
  errorResponse(
    400,
    `errors.loginExpired: the login's interaction is unknown or over (it lasts a few minutes and lives in this browser's cookie); start the login again.${extra}`,
  );

const unknownUid = withoutNotFound(
  'An unknown or ended uid is a login that expired: 400 errors.loginExpired, not 404.',
);

const LoginBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.maxLength')
    .check(plainText()),
  password: z.string().min(1, 'validation.required').max(1000, 'validation.maxLength'),
});

/**
 * Mounts the built-in provider under /idp (it must be registered before the session
 * plugin, so the provider's own endpoints are not subject to the portal's XSRF check)
 * and the login form's calls under /idp-login/{uid}, where the interaction cookie lives.
 */
export async function mountBuiltinProvider(app: FastifyInstance, provider: Provider) {
  await app.register(middie, { hook: 'onRequest' });
  app.use('/idp', provider.callback());
}

export async function registerIdpLoginRoutes(
  app: FastifyInstance,
  provider: Provider,
  { config, database, clock }: { config: AppConfig; database: DatabaseHandle; clock: Clock },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Hidden: a script of the provider's own logout page, not a call of the API.
  app.get('/idp-assets/logout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(logoutScript),
  );

  const details = async (request: { raw: IncomingMessage }, raw: ServerResponse) => {
    try {
      return await provider.interactionDetails(request.raw, raw);
    } catch {
      throw new AppError('loginExpired');
    }
  };

  routes.get(
    '/idp-login/:uid/details',
    {
      schema: {
        tags: ['built-in login'],
        summary: 'What the login form shows: the demo accounts in the demo profile',
        ...unknownUid,
        params: z.object({ uid: z.string().max(100) }),
        response: {
          200: z.object({
            demoAccounts: z.array(
              z.object({ email: z.string(), password: z.string(), admin: z.boolean() }),
            ),
          }),
          ...loginExpired(' Also a uid over 100 characters (issues).'),
        },
      },
    },
    async (request, reply) => {
      await details(request, reply.raw);
      return {
        demoAccounts: config.demo
          ? demoAccounts.map((account) => ({
              email: account.email,
              password: account.password,
              admin: (account.groups as readonly string[]).includes(builtinAdministratorGroup),
            }))
          : [],
      };
    },
  );

  routes.post(
    '/idp-login/:uid/login',
    {
      config: { rateLimit: 'password' },
      schema: {
        tags: ['built-in login'],
        summary: 'Checks the e-mail address and password; answers where the browser goes next',
        ...unknownUid,
        params: z.object({ uid: z.string().max(100) }),
        body: LoginBody,
        response: {
          200: z.object({ location: z.string() }),
          ...loginExpired(' Also an e-mail address or password missing or too long (issues).'),
          ...errorResponse(
            401,
            'errors.invalidCredentials: the e-mail address or the password is wrong (which one is not said).',
          ),
          ...errorResponse(
            429,
            'errors.tooManyRequests: after five wrong passwords for the account, each further try waits (Retry-After), as does a flood from one address.',
            { retryAfter: true },
          ),
        },
      },
    },
    async (request, reply) => {
      const interaction = await details(request, reply.raw);
      if (interaction.prompt.name !== 'login') throw new AppError('loginExpired');
      const check = await checkBuiltinLogin({ db: database.db, clock }, request.body, {
        ip: request.ip,
        knownBrowser: knownBrowserOf(config, request, request.body.email),
        meta: requestMetaOf(request),
      });
      if (!check.allowed) {
        reply.header('Retry-After', String(check.retryAfterSeconds));
        throw new AppError('tooManyRequests');
      }
      const { account } = check;
      rememberBrowser(config, reply, account.email);
      const location = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.id } },
        { mergeWithLastSubmission: false },
      );
      return { location };
    },
  );
}
