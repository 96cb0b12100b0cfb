import { CreatedWebhook, webhookPaths, type CreateWebhookRequest } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { webhooksQueryOptions } from './list-webhooks.ts';

/** Adds an endpoint; the answer is the only time its signing secret is shown. */
export function createWebhook(request: CreateWebhookRequest): Promise<CreatedWebhook> {
  return requestJson(webhookPaths.webhooks, CreatedWebhook, { method: 'POST', body: request });
}

export const createWebhookMutationOptions = () =>
  mutationOptions({
    mutationFn: createWebhook,
    onSuccess: (_created, _request, _result, { client }) =>
      client.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });

export function useCreateWebhook() {
  return useMutation(createWebhookMutationOptions());
}
