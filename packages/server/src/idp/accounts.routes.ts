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

  routes.post(
    accountPaths.changePassword,
    {
      onRequest: requireSession,
      config: { rateLimit: 'password' },
      schema: {
        tags,
        summary:
          "Changes the signed-in account's password (current one required, throttled as the login is); ends its other sessions",
        body: ChangePasswordRequest,
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
      return reply.status(204).send();
    },
  );

  routes.get(
    accountPaths.listAccounts,
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The built-in accounts (administrators only)',
        response: { 200: z.array(AccountListItem) },
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
        body: CreateAccountRequest,
        response: { 200: AccountListItem },
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
        querystring: AccountIdQuery,
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
      return reply.status(204).send();
    },
  );
}
