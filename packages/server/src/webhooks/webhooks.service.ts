import { randomUUID } from 'node:crypto';
import {
  webhookErrorKeys,
  webhookLimits,
  webhookTestEventType,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookDelivery,
  type WebhookEventBody,
  type WebhookListItem,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { Clock } from '../time/clock.ts';
import { queueDelivery } from './webhook-events.ts';
import { checkWebhookUrl, type OutboundOptions } from './webhook-sender.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import {
  deleteEndpoint,
  findDelivery,
  findEndpointWithNames,
  groupExists,
  insertEndpoint,
  listDeliveries,
  listManagedEndpoints,
  updateEndpoint,
  type EndpointListRow,
} from './webhooks.repository.ts';
import { presentDelivery, presentEndpoint } from './webhooks.presenter.ts';

export interface WebhookDeps {
  db: Kysely<Database>;
  clock: Clock;
  outbound: OutboundOptions;
  /** Looks for due jobs at once (a test event goes out now, not at the next poll). */
  kickJobs: () => void;
}

/** May this user manage the endpoint? Their own, their groups', and (administrators) every group's and the organisation's. */
function manages(user: SessionUser, endpoint: EndpointListRow): boolean {
  if (endpoint.scope === 'user') return endpoint.owner_id === user.id;
  // A group's endpoints: its members', and an administrator's, as every group is.
  if (endpoint.scope === 'group')
    return (
      user.isAdmin || (endpoint.group_id !== null && user.groupIds.includes(endpoint.group_id))
    );
  return user.isAdmin;
}

/** The endpoint, if the user manages it; another's is 404, so that it does not leak. */
async function managedEndpoint(deps: WebhookDeps, user: SessionUser, id: string) {
  const endpoint = await findEndpointWithNames(deps.db, id);
  if (!endpoint || !manages(user, endpoint)) throw new AppError('notFound');
  return endpoint;
}

async function refuseBadUrl(deps: WebhookDeps, url: string) {
  const problem = await checkWebhookUrl(url, deps.outbound);
  if (problem)
    throw new AppError('validation', {
      issues: [{ path: 'Url', key: webhookErrorKeys[problem] }],
    });
}

export async function listWebhooks(
  deps: WebhookDeps,
  user: SessionUser,
): Promise<WebhookListItem[]> {
  return (await listManagedEndpoints(deps.db, user)).map(presentEndpoint);
}

/**
 * Registers an endpoint and answers its secret, the only time it is shown. The URL is checked
 * now (and again at every delivery): https, and a host that resolves only to allowed addresses.
 */
export async function createWebhook(
  deps: WebhookDeps,
  user: SessionUser,
  input: CreateWebhookRequest,
  context: RequestContext,
): Promise<CreatedWebhook> {
  if (input.Scope === 'organisation' && !user.isAdmin)
    throw new AppError('forbidden', {
      key: webhookErrorKeys.organisationScopeNotAllowed,
      issues: [{ path: 'Scope', key: webhookErrorKeys.organisationScopeNotAllowed }],
    });
  const groupId = input.Scope === 'group' ? (input.GroupId ?? null) : null;
  const groupAllowed =
    groupId !== null &&
    (user.groupIds.includes(groupId) || (user.isAdmin && (await groupExists(deps.db, groupId))));
  if (input.Scope === 'group' && !groupAllowed)
    throw new AppError('validation', {
      issues: [{ path: 'GroupId', key: webhookErrorKeys.groupNotAllowed }],
    });
  await refuseBadUrl(deps, input.Url);
  const now = deps.clock.now();
  const id = randomUUID();
  const secret = newWebhookSecret();
  await deps.db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, {
      id,
      owner_id: user.id,
      scope: input.Scope,
      group_id: groupId,
      url: input.Url,
      events: input.Events.join(' '),
      secret,
      enabled: true,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.webhookCreated,
        ...context,
        details: {
          webhookId: id,
          url: input.Url,
          scope: input.Scope,
          groupId,
          events: input.Events,
        },
      },
      now,
    );
  });
  const created = await findEndpointWithNames(deps.db, id);
  if (!created) throw new AppError('notFound');
  return { ...presentEndpoint(created), Secret: secret };
}

/** Changes the address and the events, and turns it on or off (on again clears a disabling). */
export async function updateWebhook(
  deps: WebhookDeps,
  user: SessionUser,
  id: string,
  input: UpdateWebhookRequest,
  context: RequestContext,
): Promise<WebhookListItem> {
  const endpoint = await managedEndpoint(deps, user, id);
  if (input.Url !== endpoint.url) await refuseBadUrl(deps, input.Url);
  const now = deps.clock.now();
  const wasEnabled = Boolean(endpoint.enabled);
  await deps.db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, id, {
      url: input.Url,
      events: input.Events.join(' '),
      enabled: input.Enabled,
      ...(input.Enabled
        ? {
            disabled_reason: null,
            disabled_at: null,
            ...(wasEnabled ? {} : { failing_since: null }),
          }
        : wasEnabled
          ? { disabled_reason: 'user', disabled_at: now.toISOString() }
          : {}),
      updated_at: now.toISOString(),
    });
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.webhookChanged,
        ...context,
        details: { webhookId: id, url: input.Url, events: input.Events, enabled: input.Enabled },
      },
      now,
    );
  });
  const changed = await findEndpointWithNames(deps.db, id);
  if (!changed) throw new AppError('notFound');
  return presentEndpoint(changed);
}

export async function deleteWebhook(
  deps: WebhookDeps,
  user: SessionUser,
  id: string,
  context: RequestContext,
): Promise<void> {
  const endpoint = await managedEndpoint(deps, user, id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await deleteEndpoint(trx, id);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.webhookDeleted,
        ...context,
        details: { webhookId: id, url: endpoint.url, scope: endpoint.scope },
      },
      now,
    );
  });
}

export async function listWebhookDeliveries(
  deps: WebhookDeps,
  user: SessionUser,
  id: string,
): Promise<WebhookDelivery[]> {
  await managedEndpoint(deps, user, id);
  const rows = await listDeliveries(deps.db, id, webhookLimits.deliveriesShown);
  return rows.map(presentDelivery);
}

async function presentQueued(deps: WebhookDeps, id: string): Promise<WebhookDelivery> {
  const delivery = await findDelivery(deps.db, id);
  // Its endpoint was removed meanwhile, deliveries and all.
  if (!delivery) throw new AppError('notFound');
  return presentDelivery(delivery);
}

function refuseDisabled(endpoint: EndpointListRow) {
  if (!endpoint.enabled) throw new AppError('conflict', { key: webhookErrorKeys.endpointDisabled });
}

/** Queues a `webhook.test` event to the endpoint and answers its delivery. */
export async function sendTestEvent(
  deps: WebhookDeps,
  user: SessionUser,
  id: string,
): Promise<WebhookDelivery> {
  const endpoint = await managedEndpoint(deps, user, id);
  refuseDisabled(endpoint);
  const now = deps.clock.now();
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const body: WebhookEventBody = {
    Id: eventId,
    Type: webhookTestEventType,
    Timestamp: now.toISOString(),
    Data: { SignFlow: null, Signer: null, SignedFile: null },
  };
  const deliveryId = await deps.db.transaction().execute((trx) =>
    queueDelivery(trx, {
      endpointId: id,
      eventId,
      eventType: webhookTestEventType,
      flowId: null,
      payload: JSON.stringify(body),
      now,
    }),
  );
  deps.kickJobs();
  return presentQueued(deps, deliveryId);
}

/**
 * Sends a delivery's event again as a new delivery (the same webhook-id, so a receiver that
 * did get it can tell), after whatever its flow's pipe holds now.
 */
export async function redeliver(
  deps: WebhookDeps,
  user: SessionUser,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const original = await findDelivery(deps.db, deliveryId);
  if (!original) throw new AppError('notFound');
  const endpoint = await managedEndpoint(deps, user, original.endpoint_id);
  refuseDisabled(endpoint);
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute((trx) =>
    queueDelivery(trx, {
      endpointId: endpoint.id,
      eventId: original.event_id,
      eventType: original.event_type,
      flowId: original.flow_id,
      payload: original.payload,
      now,
      pipe: original.pipe,
    }),
  );
  deps.kickJobs();
  return presentQueued(deps, id);
}
