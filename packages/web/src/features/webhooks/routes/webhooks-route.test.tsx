// @vitest-environment jsdom
import { webhookPaths, type Session, type WebhookListItem } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastContext, type ToastMessage } from '../../../components/toast/toast-context.ts';
import { commonConfigQueryOptions, defaultCommonConfig } from '../../../lib/common-config.ts';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { sessionQueryOptions } from '../../../lib/session.ts';
import { serverRoutes, webhookFixture } from '../utils/webhook-fixtures.ts';
import { WebhooksRoute } from './webhooks-route.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const session: Session = {
  IsAdmin: false,
  DisplayName: 'Ulla User',
  OrganizationName: 'Example Oy',
  BIC: '',
  IsAuthenticated: true,
  UserId: 'u1',
};
const endpoint = webhookFixture();

async function renderPage(language = 'en') {
  await i18n.changeLanguage(language);
  const user = userEvent.setup();
  const toasts: ToastMessage[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(commonConfigQueryOptions().queryKey, defaultCommonConfig('http://localhost'));
  client.setQueryData(sessionQueryOptions().queryKey, session);
  render(
    <QueryClientProvider client={client}>
      <ToastContext value={{ showToast: (toast) => toasts.push(toast) }}>
        <WebhooksRoute />
      </ToastContext>
    </QueryClientProvider>,
  );
  return { user, toasts };
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fi');
});

describe('the webhooks page', () => {
  it('welcomes a user without webhooks with what one would do, and offers to add one', async () => {
    serverRoutes({ [`GET ${webhookPaths.webhooks}`]: { status: 200, body: [] } });
    await renderPage('fi');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Webhookit');
    expect((await screen.findByTestId('webhooks-empty')).textContent).toBe(
      'Webhookeja ei ole vielä. Lisää webhook, niin portaali kertoo järjestelmällesi aina, kun jokin allekirjoituspyynnöistäsi etenee.',
    );
    expect(screen.getByRole('button', { name: 'Lisää webhook' })).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    serverRoutes({ [`GET ${webhookPaths.webhooks}`]: { status: 500 } });
    await renderPage();
    expect(await screen.findByText('Loading failed.')).toBeTruthy();
  });

  it('edits a webhook’s address from a form that starts from the webhook, keeping it on', async () => {
    let shown: WebhookListItem = endpoint;
    const calls = serverRoutes({
      [`GET ${webhookPaths.webhooks}`]: () => ({ status: 200, body: [shown] }),
      [`PUT ${webhookPaths.webhook(endpoint.Id)}`]: (body) => {
        shown = { ...endpoint, ...(body as object) };
        return { status: 200, body: shown };
      },
    });
    const { user, toasts } = await renderPage();
    await user.click(
      await screen.findByRole('button', { name: `Edit the webhook ${endpoint.Url}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'Address (URL)' });
    expect((url as HTMLInputElement).value).toBe(endpoint.Url);
    // Only the events it hears are ticked; its scope is not asked again.
    const ticked = (within(dialog).getAllByRole('checkbox') as HTMLInputElement[])
      .filter((box) => box.checked)
      .map((box) => box.value);
    expect(ticked).toEqual(['signflow.sent', 'signer.signed']);
    expect(within(dialog).queryByRole('radio')).toBeNull();

    await user.clear(url);
    await user.type(url, 'https://hr.example.com/v2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      Url: 'https://hr.example.com/v2',
      Events: ['signflow.sent', 'signer.signed'],
      Enabled: true,
    });
    expect(
      await screen.findByRole('heading', { level: 3, name: 'https://hr.example.com/v2' }),
    ).toBeTruthy();
  });

  it('deletes a webhook after asking, then shows the list without it and moves the focus to its heading', async () => {
    let listed = [endpoint];
    const calls = serverRoutes({
      [`GET ${webhookPaths.webhooks}`]: () => ({ status: 200, body: listed }),
      [`DELETE ${webhookPaths.webhook(endpoint.Id)}`]: () => {
        listed = [];
        return { status: 204 };
      },
    });
    const { user, toasts } = await renderPage();
    await user.click(
      await screen.findByRole('button', { name: `Delete the webhook ${endpoint.Url}` }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Delete the webhook ${endpoint.Url}?`,
    });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    await screen.findByTestId('webhooks-empty');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Webhooks you manage' }),
      ),
    );
    expect(toasts.map((toast) => toast.message)).toEqual([`Webhook ${endpoint.Url} deleted.`]);
  });
});
