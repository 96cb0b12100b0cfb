import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInvalidated, runMutation, serverAnswers } from '../../../lib/query-test-support.ts';
import { deliveryFixture, webhookFixture } from '../utils/webhook-fixtures.ts';
import { createWebhookMutationOptions } from './create-webhook.ts';
import { deleteWebhookMutationOptions } from './delete-webhook.ts';
import {
  deliveriesRefetchInterval,
  deliveryPollMs,
  isDueSoon,
  webhookDeliveriesQueryOptions,
} from './list-webhook-deliveries.ts';
import { webhooksQueryOptions } from './list-webhooks.ts';
import { redeliverMutationOptions } from './redeliver.ts';
import { sendTestEventMutationOptions } from './send-test-event.ts';
import { updateWebhookMutationOptions } from './update-webhook.ts';

const first = webhookFixture({ Id: 'w1' });
const second = webhookFixture({ Id: 'w2', Url: 'https://crm.example.com/hook' });

/** The page has shown both endpoints and opened the deliveries of each. */
function clientWithPageShown() {
  const client = new QueryClient();
  client.setQueryData(webhooksQueryOptions().queryKey, [first, second]);
  client.setQueryData(webhookDeliveriesQueryOptions('w1').queryKey, [deliveryFixture()]);
  client.setQueryData(webhookDeliveriesQueryOptions('w2').queryKey, [deliveryFixture()]);
  return client;
}
const deliveriesOf = (id: string) => webhookDeliveriesQueryOptions(id).queryKey;

afterEach(() => vi.unstubAllGlobals());

describe('the webhook calls and the page’s caches', () => {
  it('ask for the list again after a new webhook, and for no endpoint’s deliveries', async () => {
    serverAnswers(200, { ...webhookFixture({ Id: 'w3' }), Secret: 'whsec_x' });
    const client = clientWithPageShown();
    await runMutation(client, createWebhookMutationOptions(), {
      Url: 'https://new.example.com',
      Events: ['signflow.sent'],
      Scope: 'user',
      GroupId: null,
    });
    expect(isInvalidated(client, webhooksQueryOptions().queryKey)).toBe(true);
    expect(isInvalidated(client, deliveriesOf('w1'))).toBe(false);
  });

  it('put a saved webhook into the list as the server answered it, without asking again', async () => {
    const saved = { ...first, Enabled: false, DisabledReason: 'user' as const };
    serverAnswers(200, saved);
    const client = clientWithPageShown();
    await runMutation(client, updateWebhookMutationOptions(), {
      id: 'w1',
      request: { Url: first.Url, Events: first.Events, Enabled: false },
    });
    expect(client.getQueryData(webhooksQueryOptions().queryKey)).toEqual([saved, second]);
    expect(isInvalidated(client, webhooksQueryOptions().queryKey)).toBe(false);
  });

  it('forget a deleted webhook’s deliveries and ask for the list again', async () => {
    serverAnswers(204);
    const client = clientWithPageShown();
    await runMutation(client, deleteWebhookMutationOptions(), 'w1');
    expect(client.getQueryState(deliveriesOf('w1'))).toBeUndefined();
    expect(isInvalidated(client, webhooksQueryOptions().queryKey)).toBe(true);
    expect(isInvalidated(client, deliveriesOf('w2'))).toBe(false);
  });

  it('ask again for the deliveries of the one endpoint a test event or a redelivery went to', async () => {
    serverAnswers(200, deliveryFixture({ Status: 'pending', Attempts: 0 }));
    const client = clientWithPageShown();
    await runMutation(client, sendTestEventMutationOptions(), 'w2');
    expect(isInvalidated(client, deliveriesOf('w2'))).toBe(true);
    expect(isInvalidated(client, deliveriesOf('w1'))).toBe(false);
    expect(isInvalidated(client, webhooksQueryOptions().queryKey)).toBe(false);

    const other = clientWithPageShown();
    await runMutation(other, redeliverMutationOptions(), { endpointId: 'w1', deliveryId: 'd1' });
    expect(isInvalidated(other, deliveriesOf('w1'))).toBe(true);
    expect(isInvalidated(other, deliveriesOf('w2'))).toBe(false);
  });

  it('follow a delivery about to be tried, and stop once it is done or its next try is far off', () => {
    const now = Date.parse('2026-11-25T11:05:00.000Z');
    const pending = deliveryFixture({
      Status: 'pending',
      NextAttemptAt: '2026-11-25T11:05:02.000Z',
    });
    expect(isDueSoon(pending, now)).toBe(true);
    expect(isDueSoon({ ...pending, NextAttemptAt: '2026-11-25T12:05:00.000Z' }, now)).toBe(false);
    expect(isDueSoon({ ...pending, Status: 'delivered' }, now)).toBe(false);

    expect(deliveriesRefetchInterval([deliveryFixture(), pending], now)).toBe(deliveryPollMs);
    expect(deliveriesRefetchInterval([deliveryFixture()], now)).toBe(false);
    expect(deliveriesRefetchInterval(undefined, now)).toBe(false);
  });
});
