import type { WebhookDelivery, WebhookListItem } from '@esign/contract';
import { vi } from 'vitest';

// For the webhook tests: endpoints and deliveries as the server answers them, and a stand-in
// for the server at the network layer (the app's own fetcher, query client and parsing run).

export function webhookFixture(overrides: Partial<WebhookListItem> = {}): WebhookListItem {
  return {
    Id: 'w1',
    Url: 'https://hr.example.com/hooks/esign',
    Events: ['signflow.sent', 'signer.signed'],
    Scope: 'user',
    GroupId: null,
    GroupName: null,
    Enabled: true,
    DisabledReason: null,
    FailingSince: null,
    CreatedAt: '2026-11-25T11:05:00.000Z',
    OwnerName: 'Ulla User',
    OwnerEmail: 'user@example.com',
    ...overrides,
  };
}

export function deliveryFixture(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    Id: 'd1',
    EventId: 'evt_1',
    Event: 'webhook.test',
    SignFlowId: null,
    CreatedAt: '2026-11-25T11:05:09.000Z',
    Status: 'delivered',
    Attempts: 1,
    LastAttemptAt: '2026-11-25T11:05:09.000Z',
    NextAttemptAt: null,
    StatusCode: 200,
    DurationMs: 42,
    Response: 'ok',
    Error: null,
    ...overrides,
  };
}

export interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };

/**
 * From now on the server answers each call by `METHOD /path` (its answer, or a function of the
 * request's body); anything else is 404. Returns the calls as sent.
 */
export function serverRoutes(
  routes: Record<string, Answer | ((body: unknown) => Answer)>,
): SentCall[] {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      const route = routes[`${method} ${url.pathname}`];
      const answer = typeof route === 'function' ? route(body) : (route ?? { status: 404 });
      return answer.status === 204 || answer.body === undefined
        ? new Response(null, { status: answer.status })
        : Response.json(answer.body, { status: answer.status });
    }),
  );
  return calls;
}
