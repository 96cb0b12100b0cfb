import { webhookPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { webhookDeliveriesQueryOptions } from './list-webhook-deliveries.ts';
import { webhooksQueryOptions } from './list-webhooks.ts';

/** Deletes an endpoint with its deliveries: nothing more is sent to it. */
export function deleteWebhook(id: string): Promise<void> {
  return requestVoid(webhookPaths.webhook(id), { method: 'DELETE' });
}

export const deleteWebhookMutationOptions = () =>
  mutationOptions({
    mutationFn: deleteWebhook,
    onSuccess: async (_nothing, id, _result, { client }) => {
      client.removeQueries({ queryKey: webhookDeliveriesQueryOptions(id).queryKey });
      await client.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey });
    },
  });

export function useDeleteWebhook() {
  return useMutation(deleteWebhookMutationOptions());
}
