import { randomUUID } from 'node:crypto';
import {
  apiRoutes,
  type SignatureLevel,
  type WebhookEventBody,
  type WebhookEventType,
  type WebhookSigner,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { toIsoString } from '../db/database.ts';
import type { Database, SignerRow } from '../db/schema.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import {
  insertDelivery,
  listListeningEndpoints,
  nextSequence,
  readFlowForEvent,
} from './webhooks.repository.ts';

export const webhookJobKind = 'webhook.deliver';

/** What the delivery job is given: the pipe to carry on (one endpoint, one flow). */
export interface WebhookJobPayload {
  endpointId: string;
  pipe: string;
}

export interface FlowEvent {
  type: WebhookEventType;
  flowId: string;
  /** The signer the event is about (signflow.opened, signer.signed, signer.rejected). */
  signerId?: string;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIsoString(value));

function presentSigner(row: SignerRow): z.infer<typeof WebhookSigner> {
  return {
    Guid: row.id,
    Name: row.name,
    Email: row.email,
    Status: row.status,
    CompletionTimeUtc: isoOrNull(row.completed_at),
    SignatureLevel: row.status === 'Signed' ? (row.signature_level as SignatureLevel | null) : null,
  };
}

/** The event's body, from the flow as it is in the caller's transaction. */
async function eventBody(
  db: Kysely<Database>,
  event: FlowEvent,
  eventId: string,
  now: Date,
): Promise<{ body: WebhookEventBody; ownerId: string; groupId: string | null } | undefined> {
  const found = await readFlowForEvent(db, event.flowId);
  if (!found) return undefined;
  const { flow, signers, signedFile } = found;
  const signer = event.signerId ? signers.find((row) => row.id === event.signerId) : undefined;
  const body: WebhookEventBody = {
    Id: eventId,
    Type: event.type,
    Timestamp: now.toISOString(),
    Data: {
      SignFlow: {
        Guid: flow.id,
        Name: flow.name,
        Status: flow.status,
        CreationDate: toIsoString(flow.created_at),
        SentToSignersDate: isoOrNull(flow.sent_at),
        CompletionTimeUtc: isoOrNull(flow.finished_at ?? flow.rejected_at ?? flow.cancelled_at),
        SignatureProcess: flow.signature_process,
        MinimumSignatureLevel: flow.minimum_signature_level,
        Role: flow.group_id,
        Signers: signers.map(presentSigner),
      },
      Signer: signer ? presentSigner(signer) : null,
      SignedFile:
        event.type === 'signflow.finished' && signedFile
          ? {
              Guid: signedFile.id,
              FileName: signedFile.file_name,
              DownloadPath: apiRoutes.downloadSignedFile
                .replace(':signflowId', encodeURIComponent(flow.id))
                .replace(':fileGuid', encodeURIComponent(signedFile.id)),
            }
          : null,
    },
  };
  return { body, ownerId: flow.owner_id, groupId: flow.group_id };
}

/**
 * Reads what the event will tell (the flow as it is now) and answers how to queue it, for a
 * change that removes the flow: prepare before, queue after, in the same transaction.
 */
export async function prepareFlowEvent(
  db: Kysely<Database>,
  event: FlowEvent,
  now: Date,
): Promise<{ queue(db: Kysely<Database>): Promise<void> }> {
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const built = await eventBody(db, event, eventId, now);
  const endpoints = built
    ? (await listListeningEndpoints(db, built)).filter((endpoint) =>
        endpoint.events.split(' ').includes(event.type),
      )
    : [];
  const payload = built ? JSON.stringify(built.body) : '';
  return {
    async queue(trx) {
      for (const endpoint of endpoints) {
        await queueDelivery(trx, {
          endpointId: endpoint.id,
          eventId,
          eventType: event.type,
          flowId: event.flowId,
          payload,
          now,
        });
      }
    },
  };
}

/**
 * Queues the event for every switched-on endpoint that hears the flow and wants this event:
 * a delivery row and its job, in the caller's transaction (pass it), so that a change that
 * rolls back sends nothing and one that commits is never lost. Call it after the change the
 * event tells of (for a flow's removal, prepareFlowEvent before it).
 */
export async function queueFlowEvent(
  db: Kysely<Database>,
  event: FlowEvent,
  now: Date,
): Promise<void> {
  await (await prepareFlowEvent(db, event, now)).queue(db);
}

/** One delivery at the end of its pipe, and the job that carries the pipe on. */
export async function queueDelivery(
  db: Kysely<Database>,
  delivery: {
    endpointId: string;
    eventId: string;
    eventType: string;
    flowId: string | null;
    payload: string;
    now: Date;
    /** Defaults to the flow; an event about no flow gets a pipe of its own. */
    pipe?: string;
  },
): Promise<string> {
  const id = randomUUID();
  const pipe = delivery.pipe ?? delivery.flowId ?? `event:${id}`;
  const sequence = await nextSequence(db, delivery.endpointId, pipe);
  await insertDelivery(db, {
    id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    flow_id: delivery.flowId,
    pipe,
    sequence,
    payload: delivery.payload,
    status: 'pending',
    attempts: 0,
    created_at: delivery.now.toISOString(),
    next_attempt_at: delivery.now.toISOString(),
    locked_until: null,
    last_attempt_at: null,
    status_code: null,
    duration_ms: null,
    response: null,
    error: null,
  });
  const job: WebhookJobPayload = { endpointId: delivery.endpointId, pipe };
  await enqueueJob(db, { kind: webhookJobKind, payload: job }, delivery.now);
  return id;
}
