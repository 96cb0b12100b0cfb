import {
  apiPaths,
  CreateUserGroupQuery,
  GroupIdQuery,
  GroupListItem,
  GroupUpdateRequest,
  GroupUsersWithStamp,
} from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../http/request-context.ts';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../time/clock.ts';
import { AppError } from '../errors/app-error.ts';
import { createGroup, deleteGroup, readGroupUsers, updateGroup } from './groups.service.ts';

/**
 * Group management (SPEC §7): administrators only, and only while GroupManagementEnabled is
 * on; anyone else gets 403 and changes nothing.
 */
export async function registerGroupAdminRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  config: AppConfig,
  clock: Clock,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  // onRequest, before the body is parsed and validated: anyone else gets 403 whatever they
  // send. The switch first: with group management off nobody manages groups here (logins
  // still sync memberships by group identifier).
  const base = {
    onRequest: [
      async () => {
        if (!config.groupManagementEnabled) throw new AppError('forbidden');
      },
      requireAdmin,
    ],
  };
  const tags = ['groups'];

  routes.post(
    apiPaths.createUserGroup,
    {
      ...base,
      schema: {
        tags,
        summary: 'Creates an empty group; a name another group has (ignoring case) gets 400',
        querystring: CreateUserGroupQuery,
        response: { 200: GroupListItem },
      },
    },
    async (request) => createGroup(db, request.query, clock.now()),
  );

  routes.delete(
    apiPaths.deleteUserGroup,
    {
      ...base,
      schema: {
        tags,
        summary: 'Deletes a group; its flows stay with their owners and leave the group',
        querystring: GroupIdQuery,
      },
    },
    async (request, reply) => {
      await deleteGroup(db, request.query.groupId);
      return reply.status(204).send();
    },
  );

  routes.get(
    apiPaths.getGroupUsers,
    {
      ...base,
      schema: {
        tags,
        summary: "The group's members, its group identifier and its ConcurrencyStamp",
        querystring: GroupIdQuery,
        response: { 200: GroupUsersWithStamp },
      },
    },
    async (request) => readGroupUsers(db, request.query.groupId),
  );

  routes.post(
    apiPaths.updateGroup,
    {
      ...base,
      schema: {
        tags,
        summary:
          'Replaces the members and the group identifier if ConcurrencyStamp is still current (else 409)',
        body: GroupUpdateRequest,
        response: { 200: GroupUsersWithStamp },
      },
    },
    async (request) => updateGroup(db, request.body),
  );
}
