import { webhookPaths, WebhookListItem } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '../../../lib/http.ts';

/** The endpoints the caller manages: their own, their groups', and (administrators) the organisation's. */
export function listWebhooks(): Promise<WebhookListItem[]> {
  return requestJson(webhookPaths.webhooks, z.array(WebhookListItem));
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: ['webhooks', 'list'], queryFn: listWebhooks });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
