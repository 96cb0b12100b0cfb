import { webhookPaths, WebhookListItem, type UpdateWebhookRequest } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { webhooksQueryOptions } from './list-webhooks.ts';

export interface WebhookChange {
  id: string;
  request: UpdateWebhookRequest;
}

/** Changes an endpoint's address and events, or turns it off or on (on clears a disabling). */
export function updateWebhook({ id, request }: WebhookChange): Promise<WebhookListItem> {
  return requestJson(webhookPaths.webhook(id), WebhookListItem, { method: 'PUT', body: request });
}

export const updateWebhookMutationOptions = () =>
  mutationOptions({
    mutationFn: updateWebhook,
    // The answer is the endpoint as it is now: the list takes it without asking again.
    onSuccess: (saved, _change, _result, { client }) =>
      client.setQueryData(webhooksQueryOptions().queryKey, (list) =>
        list?.map((item) => (item.Id === saved.Id ? saved : item)),
      ),
  });

export function useUpdateWebhook() {
  return useMutation(updateWebhookMutationOptions());
}
