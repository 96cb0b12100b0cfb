import {
  AccountIdQuery,
  AccountListItem,
  accountPaths,
  ChangePasswordRequest,
  CreateAccountRequest,
} from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import {
  requestContextOf,
  requestMetaOf,
  requireAdmin,
  requireSession,
  userOf,
} from '../http/request-context.ts';
import type { Clock } from '../time/clock.ts';
import { createAccount, listAccounts, removeAccount } from './account-admin.service.ts';
import { knownBrowserOf } from './known-browser.ts';
import { changeOwnPassword } from './password-change.service.ts';

/**
 * The built-in login's accounts (registered only while it is the portal's login, so they are
 * 404 otherwise): any of its accounts changes its own password, administrators list, add and
 * remove accounts. Cookie sessions, so the XSRF check covers every unsafe call.
 */
export async function registerAccountRoutes(
  app: FastifyInstance,
  { config, database, clock }: { config: AppConfig; database: DatabaseHandle; clock: Clock },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: database.db, config, clock };
  const tags = ['built-in accounts'];
  const security = sessionSecurity;
  const notAdministrator = errorResponse(403, 'Not an administrator (errors.forbidden).');

  routes.post(
    accountPaths.changePassword,
    {
      onRequest: requireSession,
      config: { rateLimit: 'password' },
      schema: {
        tags,
        summary:
          "Changes the signed-in account's password (current one required, throttled as the login is); ends its other sessions",
        security,
        body: ChangePasswordRequest,
        response: {
          204: z.null().describe('Changed; the account’s other sessions have ended'),
          ...errorResponse(
            400,
            'issues: the new password breaks the rule (NewPassword: too short, the e-mail address, the current one), or the current password is wrong (CurrentPassword: accounts.errors.wrongCurrentPassword).',
          ),
          ...errorResponses(401),
          ...errorResponse(
            403,
            'A demo account, whose password stays as the login page lists it (accounts.errors.demoAccount).',
          ),
          ...errorResponse(404, 'The session is not of a built-in account (errors.notFound).'),
          ...errorResponse(
            429,
            'errors.tooManyRequests: after five wrong passwords (here or at the login form) each further try waits; Retry-After says how long.',
            { retryAfter: true },
          ),
        },
      },
    },
    async (request, reply) => {
      if (!request.session) throw new AppError('unauthorized');
      const wait = await changeOwnPassword(deps, request.session, request.body, {
        ip: request.ip,
        knownBrowser: (email) => knownBrowserOf(config, request, email),
        meta: requestMetaOf(request),
      });
      if (wait) {
        reply.header('Retry-After', String(wait.retryAfterSeconds));
        throw new AppError('tooManyRequests');
      }
      return reply.status(204).send(null);
    },
  );

  routes.get(
    accountPaths.listAccounts,
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The built-in accounts (administrators only)',
        security,
        response: { 200: z.array(AccountListItem), ...errorResponses(401), ...notAdministrator },
      },
    },
    async (request) => listAccounts(deps, userOf(request)),
  );

  routes.post(
    accountPaths.createAccount,
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Adds an account with the initial password the administrator gives (administrators only)',
        security,
        body: CreateAccountRequest,
        response: {
          200: AccountListItem,
          ...errorResponse(
            400,
            'issues: a field is not valid, the password breaks the rule (Password), or another account has the address (Email: accounts.errors.emailTaken).',
          ),
          ...errorResponses(401),
          ...notAdministrator,
        },
      },
    },
    async (request) => {
      const caller = userOf(request);
      return createAccount(deps, caller, request.body, requestContextOf(request, caller.email));
    },
  );

  routes.delete(
    accountPaths.deleteAccount,
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "Removes another account and ends its sessions; never one's own or the last administrator",
        security,
        querystring: AccountIdQuery,
        response: {
          204: z.null().describe('Removed; its sessions and API tokens have ended'),
          ...errorResponse(
            400,
            'accountId is missing or not valid (issues), or it is the caller’s own account (accounts.errors.cannotRemoveSelf).',
          ),
          ...errorResponses(401),
          ...errorResponse(
            403,
            'Not an administrator (errors.forbidden), or a demo account, which cannot be removed (accounts.errors.demoAccount).',
          ),
          ...errorResponse(404, 'No such account (errors.notFound).'),
          ...errorResponse(
            409,
            'It is the last administrator account (accounts.errors.lastAdministrator).',
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      await removeAccount(
        deps,
        caller,
        request.query.accountId,
        requestContextOf(request, caller.email),
      );
      return reply.status(204).send(null);
    },
  );
}
