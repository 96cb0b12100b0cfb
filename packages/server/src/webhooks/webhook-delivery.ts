import { webhookDeliveryErrorKeys } from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { toIsoString } from '../db/database.ts';
import type { Database, WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema.ts';
import type { JobWorker } from '../jobs/job-types.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import type { Clock } from '../time/clock.ts';
import { webhookJobKind, type WebhookJobPayload } from './webhook-events.ts';
import {
  OutboundRefused,
  postJson,
  type OutboundOptions,
  type PostResult,
} from './webhook-sender.ts';
import { signedHeaders } from './webhook-signature.ts';
import {
  claimDelivery,
  failPendingDeliveries,
  findEndpoint,
  findOwnerEmail,
  findPipeHead,
  pruneDeliveries,
  recordAttempt,
  updateEndpoint,
} from './webhooks.repository.ts';

export interface WebhookDeliveryDeps {
  db: Kysely<Database>;
  clock: Clock;
  outbound: OutboundOptions;
  /** The portal's address, for the link in the mail that says an endpoint was turned off. */
  publicUrl: URL;
}

/** A delivery is retried for a day after it was queued, then it has failed. */
export const retryWindowMs = 24 * 3_600_000;
/** An endpoint whose every delivery failed for this long is turned off and its owner mailed. */
export const failingLimitMs = 3 * 24 * 3_600_000;
/** How long one attempt holds its delivery: the 10-second timeout and plenty to record it. */
const attemptLockMs = 60_000;
/** Done deliveries an endpoint keeps (its page shows the newest 100). */
const keptDeliveries = 500;

/** After the nth failed attempt: 30 s, 2 min, 8 min, 32 min, about 2 h, then every 4 h. */
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(attempts - 1, 0), 4 * 3_600_000);
}

/** The job tries again when the pipe's head is due. */
class PipeWaits extends Error {
  readonly retryAt: Date;
  constructor(retryAt: Date, reason: string) {
    super(reason);
    this.retryAt = retryAt;
  }
}

const time = (value: Date | string | null) => (value === null ? 0 : new Date(value).getTime());

async function attempt(
  deps: WebhookDeliveryDeps,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
  at: Date,
): Promise<PostResult | OutboundRefused> {
  const headers = signedHeaders(endpoint.secret, {
    id: delivery.event_id,
    body: delivery.payload,
    at,
  });
  try {
    return await postJson(endpoint.url, delivery.payload, headers, deps.outbound);
  } catch (error) {
    if (error instanceof OutboundRefused) return error;
    return new OutboundRefused(webhookDeliveryErrorKeys.connectionFailed, String(error));
  }
}

/** Turns an endpoint off after days of failures; its waiting deliveries end and its owner hears of it. */
async function disableFailing(deps: WebhookDeliveryDeps, endpoint: WebhookEndpointRow, now: Date) {
  await deps.db.transaction().execute(async (trx) => {
    await updateEndpoint(trx, endpoint.id, {
      enabled: false,
      disabled_reason: 'failing',
      disabled_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await failPendingDeliveries(trx, endpoint.id, webhookDeliveryErrorKeys.endpointDisabled);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.webhookDisabled,
        actor: 'system',
        details: {
          webhookId: endpoint.id,
          url: endpoint.url,
          failingSince: endpoint.failing_since,
        },
      },
      now,
    );
    const owner = endpoint.owner_id ? await findOwnerEmail(trx, endpoint.owner_id) : undefined;
    if (owner)
      await enqueueMail(
        trx,
        {
          to: owner.email,
          template: 'webhookDisabled',
          language: null,
          params: {
            url: endpoint.url,
            failingSince: toIsoString(endpoint.failing_since ?? now),
            link: new URL('/webhooks', deps.publicUrl).toString(),
          },
        },
        now,
      );
  });
}

/**
 * Sends a pipe's deliveries in order: the head, and on success the next, until none is left.
 * A failed head waits for its next attempt (the job tries again then) and holds the ones
 * behind it; after a day it has failed and the next one goes. Another job of the same pipe
 * that finds the head held by a node, or not yet due, leaves it to the job that holds or
 * waits for it.
 */
export async function carryPipeOn(
  deps: WebhookDeliveryDeps,
  job: WebhookJobPayload,
): Promise<void> {
  const { db } = deps;
  for (;;) {
    const endpoint = await findEndpoint(db, job.endpointId);
    if (!endpoint) return;
    const head = await findPipeHead(db, endpoint.id, job.pipe);
    if (!head) return;
    if (!endpoint.enabled) {
      await failPendingDeliveries(db, endpoint.id, webhookDeliveryErrorKeys.endpointDisabled);
      return;
    }
    const now = deps.clock.now();
    if (time(head.next_attempt_at) > now.getTime())
      throw new PipeWaits(
        new Date(time(head.next_attempt_at)),
        'webhook delivery waits for its next attempt',
      );
    const claimed = await claimDelivery(db, head.id, {
      now,
      until: new Date(now.getTime() + attemptLockMs),
    });
    if (!claimed) return;
    const outcome = await attempt(deps, endpoint, head, now);
    const after = deps.clock.now();
    const answered = outcome instanceof OutboundRefused ? null : outcome;
    const common = {
      last_attempt_at: now.toISOString(),
      status_code: answered?.statusCode ?? null,
      duration_ms: answered?.durationMs ?? null,
      response: answered?.body ?? null,
      error: outcome instanceof OutboundRefused ? outcome.key : null,
    };
    if (answered && answered.statusCode >= 200 && answered.statusCode < 300) {
      await db.transaction().execute(async (trx) => {
        await recordAttempt(trx, head.id, {
          ...common,
          status: 'delivered',
          next_attempt_at: null,
        });
        if (endpoint.failing_since !== null)
          await updateEndpoint(trx, endpoint.id, { failing_since: null });
      });
      await pruneDeliveries(db, endpoint.id, keptDeliveries);
      continue;
    }
    const attempts = head.attempts + 1;
    const deadline = time(head.created_at) + retryWindowMs;
    const givenUp = after.getTime() >= deadline;
    const nextAt = givenUp
      ? null
      : new Date(Math.min(after.getTime() + webhookRetryDelayMs(attempts), deadline));
    await db.transaction().execute(async (trx) => {
      await recordAttempt(trx, head.id, {
        ...common,
        status: givenUp ? 'failed' : 'pending',
        next_attempt_at: nextAt?.toISOString() ?? null,
      });
      if (endpoint.failing_since === null)
        await updateEndpoint(trx, endpoint.id, { failing_since: now.toISOString() });
    });
    if (
      endpoint.failing_since !== null &&
      now.getTime() - time(endpoint.failing_since) >= failingLimitMs
    ) {
      await disableFailing(deps, endpoint, now);
      return;
    }
    if (nextAt) {
      const why = answered ? `answered ${answered.statusCode}` : (outcome as OutboundRefused).key;
      throw new PipeWaits(nextAt, `webhook delivery failed (${why}); it will be tried again`);
    }
  }
}

/** The delivery job; it retries at the time its error names, for as long as a delivery may. */
export function registerWebhookJob(worker: JobWorker, deps: WebhookDeliveryDeps) {
  worker.register(webhookJobKind, (payload) => carryPipeOn(deps, payload as WebhookJobPayload), {
    // The pipe's own rules end a delivery after a day; the job only needs to outlast them.
    maxAttempts: 1000,
  });
}
