import { WebhookEventType, type WebhookDelivery, type WebhookListItem } from '@esign/contract';
import { toIsoString } from '../db/database.ts';
import type { WebhookDeliveryRow } from '../db/schema.ts';
import type { EndpointListRow } from './webhooks.repository.ts';

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIsoString(value));

const eventsOf = (events: string) =>
  events
    .split(' ')
    .filter((event) => WebhookEventType.safeParse(event).success) as WebhookListItem['Events'];

export function presentEndpoint(row: EndpointListRow): WebhookListItem {
  return {
    Id: row.id,
    Url: row.url,
    Events: eventsOf(row.events),
    Scope: row.scope,
    GroupId: row.group_id,
    GroupName: row.group_name,
    Enabled: Boolean(row.enabled),
    DisabledReason: row.enabled ? null : row.disabled_reason,
    FailingSince: isoOrNull(row.failing_since),
    CreatedAt: toIsoString(row.created_at),
    OwnerName: row.owner_name,
    OwnerEmail: row.owner_email,
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    Id: row.id,
    EventId: row.event_id,
    Event: row.event_type as WebhookDelivery['Event'],
    SignFlowId: row.flow_id,
    CreatedAt: toIsoString(row.created_at),
    Status: row.status,
    Attempts: row.attempts,
    LastAttemptAt: isoOrNull(row.last_attempt_at),
    NextAttemptAt: row.status === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    StatusCode: row.status_code,
    DurationMs: row.duration_ms,
    Response: row.response,
    Error: row.error,
  };
}
