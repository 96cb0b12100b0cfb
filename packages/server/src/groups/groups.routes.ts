import { apiPaths, GroupListItem, UserListItem } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requireSession } from '../http/request-context.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { listGroupsFor, listUsers } from './groups.service.ts';

/**
 * The Roles calls of SPEC §7. Reading users and groups is open to every signed-in user (for
 * adding signers from existing users and choosing a flow's group); the rest is for administrators.
 */
export async function registerGroupRoutes(app: FastifyInstance, database: DatabaseHandle) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  routes.get(
    apiPaths.listUsers,
    {
      onRequest: requireSession,
      schema: {
        tags: ['groups'],
        summary: 'Users who have logged in to the portal',
        security: sessionSecurity,
        response: { 200: z.array(UserListItem), ...errorResponses(401) },
      },
    },
    async () => listUsers(db),
  );

  routes.get(
    apiPaths.listUserGroups,
    {
      onRequest: requireSession,
      schema: {
        tags: ['groups'],
        summary:
          'User groups: all of them for an administrator, otherwise those the caller belongs to',
        security: sessionSecurity,
        response: { 200: z.array(GroupListItem), ...errorResponses(401) },
      },
    },
    async (request) => listGroupsFor(db, request.session?.user),
  );
}
