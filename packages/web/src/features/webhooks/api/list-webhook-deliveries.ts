import { WebhookDelivery, webhookPaths } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

/** How often the deliveries are asked for again while one is about to be tried. */
export const deliveryPollMs = 2000;
/** A pending delivery whose next attempt is further away than this is not waited for. */
const soonMs = 60_000;

/** An endpoint's last deliveries, newest first (at most webhookLimits.deliveriesShown). */
export function listWebhookDeliveries(endpointId: string): Promise<WebhookDelivery[]> {
  return requestJson(webhookPaths.deliveries(endpointId), z.array(WebhookDelivery));
}

/** Whether a delivery is waiting for an attempt due now or within a minute. */
export function isDueSoon(delivery: WebhookDelivery, now: number): boolean {
  if (delivery.Status !== 'pending') return false;
  return delivery.NextAttemptAt === null || Date.parse(delivery.NextAttemptAt) - now < soonMs;
}

/** How soon to ask again: shortly while a delivery is about to be tried, else not by itself. */
export function deliveriesRefetchInterval(
  deliveries: readonly WebhookDelivery[] | undefined,
  now: number,
): number | false {
  return (deliveries ?? []).some((delivery) => isDueSoon(delivery, now)) ? deliveryPollMs : false;
}

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: ['webhooks', 'deliveries', endpointId],
    queryFn: () => listWebhookDeliveries(endpointId),
    // A test event or a redelivery goes out within seconds: the list follows it until it is
    // delivered or failed, then waits for the refresh button.
    refetchInterval: (query) => deliveriesRefetchInterval(query.state.data, Date.now()),
  });

export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId));
}
