// @vitest-environment jsdom
import { webhookPaths, type WebhookListItem } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastContext, type ToastMessage } from '../../../components/toast/toast-context.ts';
import { commonConfigQueryOptions, defaultCommonConfig } from '../../../lib/common-config.ts';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { webhooksQueryOptions } from '../api/list-webhooks.ts';
import { deliveryFixture, serverRoutes, webhookFixture } from '../utils/webhook-fixtures.ts';
import { WebhookItem } from './webhook-item.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const endpoint = webhookFixture();
const delivered = deliveryFixture({ Id: 'd1', Response: '{"received":true}' });
const failed = deliveryFixture({
  Id: 'd2',
  Event: 'signer.signed',
  Status: 'failed',
  Attempts: 8,
  StatusCode: null,
  DurationMs: 10000,
  Response: null,
  Error: 'webhooks.deliveryErrors.timeout',
});
const refusedByReceiver = deliveryFixture({
  Id: 'd3',
  Event: 'signflow.sent',
  Status: 'failed',
  StatusCode: 500,
  Response: 'Internal error',
});

async function renderItem(shown: WebhookListItem, language = 'en') {
  await i18n.changeLanguage(language);
  const user = userEvent.setup();
  const toasts: ToastMessage[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(commonConfigQueryOptions().queryKey, {
    ...defaultCommonConfig('http://localhost'),
    TimeZone: 'Europe/Helsinki',
  });
  client.setQueryData(webhooksQueryOptions().queryKey, [shown]);
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastContext value={{ showToast: (toast) => toasts.push(toast) }}>
        <ul>
          <WebhookItem endpoint={shown} onEdit={onEdit} onDelete={onDelete} />
        </ul>
      </ToastContext>
    </QueryClientProvider>,
  );
  return { user, toasts, client, onEdit, onDelete };
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fi');
});

describe('a webhook in the list', () => {
  it('tells its address, whose signing requests and which events it hears, and who added it', async () => {
    serverRoutes({});
    await renderItem(endpoint);
    const item = screen.getByTestId('webhook-item');
    expect(within(item).getByRole('heading', { level: 3 }).textContent).toBe(endpoint.Url);
    expect(item.textContent).toContain('Created by Ulla User');
    expect(item.textContent).toContain('Signing request sent signflow.sent');
    expect(item.textContent).toContain('A signer signed signer.signed');
    expect(item.textContent).toContain('25 Nov 2026 by Ulla User (user@example.com)');
    expect(within(item).getByText('On')).toBeTruthy();
  });

  it('still tells a group’s webhook whose adder’s account has been removed', async () => {
    serverRoutes({});
    await renderItem(
      webhookFixture({
        Scope: 'group',
        GroupId: 'g1',
        GroupName: 'HR',
        OwnerName: null,
        OwnerEmail: null,
      }),
    );
    const item = screen.getByTestId('webhook-item');
    expect(item.textContent).toContain('Of the user group HR');
    expect(item.textContent).toContain('25 Nov 2026 by an account since removed');
  });

  it('says when the portal turned it off after failing, and since when', async () => {
    serverRoutes({});
    await renderItem(
      webhookFixture({
        Enabled: false,
        DisabledReason: 'failing',
        FailingSince: '2026-11-20T08:00:00.000Z',
        Scope: 'group',
        GroupId: 'g1',
        GroupName: 'HR',
      }),
      'fi',
    );
    const item = screen.getByTestId('webhook-item');
    expect(item.textContent).toContain(
      'Portaali poisti tämän webhookin käytöstä, koska sen toimitukset epäonnistuivat 3 päivän ajan (epäonnistuneet 20.11.2026 klo 10.00 alkaen).',
    );
    expect(item.textContent).toContain('Käyttäjäryhmän HR pyynnöt');
    expect(within(item).getByText('Pois käytöstä')).toBeTruthy();
    // Off, it offers no test event, but can be turned on.
    expect(within(item).queryByRole('button', { name: /Lähetä testitapahtuma/ })).toBeNull();
    expect(
      within(item).getByRole('button', { name: `Ota käyttöön webhook ${endpoint.Url}` }),
    ).toBeTruthy();
  });

  it('shows its deliveries when asked: status, HTTP status, attempts, duration, the answer or why none came', async () => {
    serverRoutes({
      [`GET ${webhookPaths.deliveries(endpoint.Id)}`]: {
        status: 200,
        body: [delivered, failed, refusedByReceiver],
      },
    });
    const { user } = await renderItem(endpoint);
    const toggle = screen.getByRole('button', { name: 'Show deliveries' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (panel === null) throw new Error('the button controls no panel');
    const table = await within(panel).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Test event webhook.test',
      '25 Nov 2026, 13:05:09',
      'Delivered',
      '200',
      '1',
      '42 ms',
      'Show answer{"received":true}',
      'Redeliver',
    ]);
    expect(cells(rows[1] as HTMLElement).slice(2, 7)).toEqual([
      'Failed',
      '–',
      '8',
      '10000 ms',
      'The receiver did not answer in time.',
    ]);
    expect(cells(rows[2] as HTMLElement)[6]).toBe('Show answerInternal error');
    // The narrow screen's stacked rows say the same.
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
  });

  it('sends a test event and opens the deliveries to follow it', async () => {
    let answered = [] as (typeof delivered)[];
    const calls = serverRoutes({
      [`POST ${webhookPaths.test(endpoint.Id)}`]: () => {
        answered = [
          deliveryFixture({ Status: 'pending', Attempts: 0, StatusCode: null, Response: null }),
        ];
        return { status: 200, body: answered[0] };
      },
      [`GET ${webhookPaths.deliveries(endpoint.Id)}`]: () => ({ status: 200, body: answered }),
    });
    const { user, toasts } = await renderItem(endpoint);
    await user.click(screen.getByRole('button', { name: `Send a test event to ${endpoint.Url}` }));
    await screen.findAllByText('Pending');
    expect(toasts.map((toast) => toast.message)).toEqual([
      `A test event is on its way to ${endpoint.Url}.`,
    ]);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('redelivers a delivery and tells when the server refuses because the webhook is off', async () => {
    const calls = serverRoutes({
      [`GET ${webhookPaths.deliveries(endpoint.Id)}`]: { status: 200, body: [failed] },
      [`POST ${webhookPaths.redeliver(failed.Id)}`]: {
        status: 409,
        body: { status: 409, key: 'webhooks.errors.endpointDisabled', message: 'off' },
      },
    });
    const { user, toasts } = await renderItem(endpoint);
    await user.click(screen.getByRole('button', { name: 'Show deliveries' }));
    const table = await screen.findByRole('table');
    await user.click(
      within(table).getByRole('button', {
        name: 'Redeliver: A signer signed, 25 Nov 2026, 13:05:09',
      }),
    );
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      variant: 'danger',
      message: 'The webhook is turned off. Turn it on first.',
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      webhookPaths.redeliver(failed.Id),
    ]);
  });

  it('turns off with the same address and events, and the list shows it off', async () => {
    const calls = serverRoutes({
      [`PUT ${webhookPaths.webhook(endpoint.Id)}`]: (body) => ({
        status: 200,
        body: { ...endpoint, Enabled: false, DisabledReason: 'user', ...(body as object) },
      }),
    });
    const { user, client, toasts } = await renderItem(endpoint);
    await user.click(screen.getByRole('button', { name: `Turn off the webhook ${endpoint.Url}` }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ Url: endpoint.Url, Events: endpoint.Events, Enabled: false });
    expect(client.getQueryData(webhooksQueryOptions().queryKey)?.[0]?.Enabled).toBe(false);
    expect(toasts[0]?.message).toBe(`Webhook ${endpoint.Url} turned off.`);
  });

  it('shows a friendly word when nothing has been sent yet', async () => {
    serverRoutes({ [`GET ${webhookPaths.deliveries(endpoint.Id)}`]: { status: 200, body: [] } });
    const { user } = await renderItem(endpoint, 'sv');
    await user.click(screen.getByRole('button', { name: 'Visa leveranser' }));
    await screen.findByText(
      'Inget har skickats till den här webhooken ännu. Skicka en testhändelse för att prova.',
    );
  });
});
