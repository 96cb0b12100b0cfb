import { apiPaths, GroupListItem, UserListItem } from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../auth/session.plugin.ts';
import type { DatabaseHandle } from '../db/database.ts';

/** Reading users and groups: for adding signers from existing users and choosing a flow's group. */
export async function registerGroupReadRoutes(app: FastifyInstance, database: DatabaseHandle) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  routes.get(
    apiPaths.listUsers,
    {
      preHandler: requireSession,
      schema: {
        tags: ['groups'],
        summary: 'Users who have logged in to the portal',
        response: { 200: z.array(UserListItem) },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'display_name', 'email'])
        .orderBy('display_name')
        .orderBy('email')
        .execute();
      return rows.map((row) => ({ Id: row.id, DisplayName: row.display_name, Email: row.email }));
    },
  );

  routes.get(
    apiPaths.listUserGroups,
    {
      preHandler: requireSession,
      schema: {
        tags: ['groups'],
        summary:
          'User groups: all of them for an administrator, otherwise those the caller belongs to',
        response: { 200: z.array(GroupListItem) },
      },
    },
    async (request) => {
      const user = request.session?.user;
      let query = db
        .selectFrom('user_groups')
        .select(['user_groups.id', 'user_groups.name', 'user_groups.role_type']);
      if (!user?.isAdmin) {
        query = query
          .innerJoin('user_group_members', 'user_group_members.group_id', 'user_groups.id')
          .where('user_group_members.user_id', '=', user?.id ?? '');
      }
      const rows = await query.orderBy('user_groups.name').execute();
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        Type: row.role_type as GroupListItem['Type'],
      }));
    },
  );
}
