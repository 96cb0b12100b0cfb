import { WebhookDelivery, webhookPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { webhookDeliveriesQueryOptions } from './list-webhook-deliveries.ts';

export interface Redelivery {
  endpointId: string;
  deliveryId: string;
}

/** Sends a delivery's event again, as a new delivery (with the same webhook-id). */
export function redeliver({ deliveryId }: Redelivery): Promise<WebhookDelivery> {
  return requestJson(webhookPaths.redeliver(deliveryId), WebhookDelivery, { method: 'POST' });
}

export const redeliverMutationOptions = () =>
  mutationOptions({
    mutationFn: redeliver,
    onSuccess: (_delivery, { endpointId }, _result, { client }) =>
      client.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(endpointId).queryKey }),
  });

export function useRedeliver() {
  return useMutation(redeliverMutationOptions());
}
