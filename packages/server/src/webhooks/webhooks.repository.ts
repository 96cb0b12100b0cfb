import type { Kysely } from 'kysely';
import type {
  Database,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookEndpointsTable,
} from '../db/schema.ts';
import type { Insertable, Updateable } from 'kysely';

const endpointColumns = [
  'webhook_endpoints.id',
  'webhook_endpoints.owner_id',
  'webhook_endpoints.scope',
  'webhook_endpoints.group_id',
  'webhook_endpoints.url',
  'webhook_endpoints.events',
  'webhook_endpoints.enabled',
  'webhook_endpoints.disabled_reason',
  'webhook_endpoints.disabled_at',
  'webhook_endpoints.failing_since',
  'webhook_endpoints.created_at',
  'webhook_endpoints.updated_at',
  'users.display_name as owner_name',
  'users.email as owner_email',
  'user_groups.name as group_name',
] as const;

function endpointsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('webhook_endpoints')
    .leftJoin('users', 'users.id', 'webhook_endpoints.owner_id')
    .leftJoin('user_groups', 'user_groups.id', 'webhook_endpoints.group_id')
    .select(endpointColumns);
}

/**
 * The endpoints a user manages: their own user-scope ones, their groups' ones, and (an
 * administrator) every group's and the organisation's. Oldest first, as they were added.
 */
export function listManagedEndpoints(
  db: Kysely<Database>,
  user: { id: string; isAdmin: boolean; groupIds: string[] },
) {
  return endpointsWithNames(db)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('webhook_endpoints.scope', '=', 'user'),
          eb('webhook_endpoints.owner_id', '=', user.id),
        ]),
        ...(user.groupIds.length > 0
          ? [
              eb.and([
                eb('webhook_endpoints.scope', '=', 'group'),
                eb('webhook_endpoints.group_id', 'in', user.groupIds),
              ]),
            ]
          : []),
        ...(user.isAdmin
          ? [eb('webhook_endpoints.scope', 'in', ['organisation', 'group'] as const)]
          : []),
      ]),
    )
    .orderBy('webhook_endpoints.created_at')
    .orderBy('webhook_endpoints.id')
    .execute();
}
export type EndpointListRow = Awaited<ReturnType<typeof listManagedEndpoints>>[number];

export function findEndpointWithNames(db: Kysely<Database>, id: string) {
  return endpointsWithNames(db).where('webhook_endpoints.id', '=', id).executeTakeFirst();
}

export function findEndpoint(db: Kysely<Database>, id: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function groupExists(db: Kysely<Database>, groupId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .select('id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findOwnerEmail(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

export async function insertEndpoint(db: Kysely<Database>, row: Insertable<WebhookEndpointsTable>) {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<WebhookEndpointsTable>,
) {
  await db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Kysely<Database>, id: string) {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** The switched-on endpoints that hear a flow of this owner and group. */
export function listListeningEndpoints(
  db: Kysely<Database>,
  flow: { ownerId: string; groupId: string | null },
) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'user'), eb('owner_id', '=', flow.ownerId)]),
        ...(flow.groupId
          ? [eb.and([eb('scope', '=', 'group'), eb('group_id', '=', flow.groupId)])]
          : []),
        eb('scope', '=', 'organisation'),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** The flow as an event tells it: its row, its signers in order and its signed file. */
export async function readFlowForEvent(db: Kysely<Database>, flowId: string) {
  const flow = await db
    .selectFrom('sign_flows')
    .selectAll()
    .where('id', '=', flowId)
    .executeTakeFirst();
  if (!flow) return undefined;
  const signers = await db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('flow_id', '=', flowId)
    .orderBy('position')
    .execute();
  const signedFile = await db
    .selectFrom('sign_flow_files')
    .select(['id', 'file_name'])
    .where('flow_id', '=', flowId)
    .where('kind', '=', 'signedfile')
    .executeTakeFirst();
  return { flow, signers, signedFile };
}

/** The next place in a pipe; appends to one flow's pipe are serialised by the flow's audit lock. */
export async function nextSequence(db: Kysely<Database>, endpointId: string, pipe: string) {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('endpoint_id', '=', endpointId)
    .where('pipe', '=', pipe)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertDelivery(
  db: Kysely<Database>,
  row: Insertable<WebhookDeliveriesTable>,
) {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

export function findDelivery(db: Kysely<Database>, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first delivery of a pipe still to go out. */
export function findPipeHead(db: Kysely<Database>, endpointId: string, pipe: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('pipe', '=', pipe)
    .where('status', '=', 'pending')
    .orderBy('sequence')
    .limit(1)
    .executeTakeFirst();
}

/** Takes a pending delivery for one attempt, unless another node holds it; answers whether it did. */
export async function claimDelivery(
  db: Kysely<Database>,
  id: string,
  { now, until }: { now: Date; until: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: until.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordAttempt(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<WebhookDeliveriesTable>,
) {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...changes, locked_until: null, attempts: (eb) => eb('attempts', '+', 1) })
    .where('id', '=', id)
    .execute();
}

/** Ends every pending delivery of an endpoint (it was turned off). */
export async function failPendingDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  error: string,
) {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', error, next_attempt_at: null, locked_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** The newest deliveries of an endpoint. */
export function listDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('sequence', 'desc')
    .limit(limit)
    .execute();
}

/** Keeps the newest `keep` deliveries of an endpoint that are done; older ones go. */
export async function pruneDeliveries(db: Kysely<Database>, endpointId: string, keep: number) {
  const cutoff = await db
    .selectFrom('webhook_deliveries')
    .select('created_at')
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await db
    .deleteFrom('webhook_deliveries')
    .where('endpoint_id', '=', endpointId)
    .where('status', '!=', 'pending')
    .where('created_at', '<=', cutoff.created_at)
    .execute();
}
