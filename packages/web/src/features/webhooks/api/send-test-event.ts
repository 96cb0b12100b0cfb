import { WebhookDelivery, webhookPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { webhookDeliveriesQueryOptions } from './list-webhook-deliveries.ts';

/** Queues a `webhook.test` event to the endpoint; the answer is its delivery, still pending. */
export function sendTestEvent(endpointId: string): Promise<WebhookDelivery> {
  return requestJson(webhookPaths.test(endpointId), WebhookDelivery, { method: 'POST' });
}

export const sendTestEventMutationOptions = () =>
  mutationOptions({
    mutationFn: sendTestEvent,
    onSuccess: (_delivery, endpointId, _result, { client }) =>
      client.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(endpointId).queryKey }),
  });

export function useSendTestEvent() {
  return useMutation(sendTestEventMutationOptions());
}
