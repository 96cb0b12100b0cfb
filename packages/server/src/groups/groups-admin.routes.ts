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
import { z } from 'zod';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
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
  const security = sessionSecurity;
  const refused = {
    ...errorResponses(401),
    ...errorResponse(
      403,
      'Group management is off (GroupManagementEnabled false: for everyone), or the caller is not an administrator (errors.forbidden); refused before the request is read.',
    ),
  };
  const noSuchGroup = errorResponse(404, 'No such group (errors.notFound).');

  routes.post(
    apiPaths.createUserGroup,
    {
      ...base,
      schema: {
        tags,
        summary: 'Creates an empty group; a name another group has (ignoring case) gets 400',
        security,
        querystring: CreateUserGroupQuery,
        response: {
          200: GroupListItem,
          ...errorResponse(
            400,
            'issues: the name is missing, too long or taken by another group, ignoring case (name: groups.errors.nameTaken), or the type is not valid.',
          ),
          ...refused,
        },
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
        security,
        querystring: GroupIdQuery,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400),
          ...refused,
          ...noSuchGroup,
        },
      },
    },
    async (request, reply) => {
      await deleteGroup(db, request.query.groupId);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    apiPaths.getGroupUsers,
    {
      ...base,
      schema: {
        tags,
        summary: "The group's members, its group identifier and its ConcurrencyStamp",
        security,
        querystring: GroupIdQuery,
        response: { 200: GroupUsersWithStamp, ...errorResponses(400), ...refused, ...noSuchGroup },
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
        security,
        body: GroupUpdateRequest,
        response: {
          200: GroupUsersWithStamp,
          ...errorResponse(
            400,
            'issues: a field is not valid, or Users names someone who is not a user of the portal (Users.<n>: groups.errors.unknownUser).',
          ),
          ...refused,
          ...noSuchGroup,
          ...errorResponse(
            409,
            'ConcurrencyStamp is not the group’s current one: someone saved the group since it was read (groups.errors.conflict). Read it again (GetGroupUsers) and reapply the change.',
          ),
        },
      },
    },
    async (request) => updateGroup(db, request.body),
  );
}
