// @vitest-environment jsdom
import { apiPaths, webhookPaths } from '@esign/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context.ts';
import { i18n, loadCatalogue } from '../../../lib/i18n.ts';
import { serverRoutes, webhookFixture } from '../utils/webhook-fixtures.ts';
import { CreateWebhookDialog } from './create-webhook-dialog.tsx';

// The English and Swedish catalogues load when chosen; these tests switch languages at once.
beforeAll(() => Promise.all(['en', 'sv'].map(loadCatalogue)));

const groups = [
  { Id: 'g1', Name: 'HR', Type: 'CreatedByUser' },
  { Id: 'g2', Name: 'Legal', Type: 'CreatedByUser' },
];
const created = { ...webhookFixture({ Id: 'w9' }), Secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=' };
const refusal = (key: string, issues?: Array<{ path: string; key: string }>) => ({
  status: 400,
  body: { status: 400, key, message: 'refused', ...(issues === undefined ? {} : { issues }) },
});

/** The page's part: a button that opens the dialog, as the webhooks page has. */
function Harness({ isAdmin }: { isAdmin: boolean }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <button onClick={() => setShow(true)}>Open</button>
      <CreateWebhookDialog
        show={show}
        isAdmin={isAdmin}
        onHide={() => setShow(false)}
        onExited={() => undefined}
      />
    </>
  );
}

async function openForm({ isAdmin = false, language = 'en' } = {}) {
  await i18n.changeLanguage(language);
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastContext value={{ showToast: () => undefined }}>
        <Harness isAdmin={isAdmin} />
      </ToastContext>
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, client };
}

const posts = (calls: ReturnType<typeof serverRoutes>) =>
  calls.filter((call) => call.method === 'POST' && call.path === webhookPaths.webhooks);

let calls: ReturnType<typeof serverRoutes>;
beforeEach(() => {
  calls = serverRoutes({
    [`GET ${apiPaths.listUserGroups}`]: { status: 200, body: groups },
    [`GET ${webhookPaths.webhooks}`]: { status: 200, body: [] },
    [`POST ${webhookPaths.webhooks}`]: { status: 200, body: created },
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fi');
});

describe('the form that adds a webhook', () => {
  it('starts with every event ticked and the user’s own signing requests', async () => {
    const { dialog } = await openForm();
    expect(within(dialog).getByRole('heading', { name: 'Add webhook' })).toBeTruthy();
    const events = within(dialog).getByRole('group', { name: 'Events to send' });
    const boxes = within(events).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(10);
    expect(boxes.every((box) => box.checked)).toBe(true);
    // Each event by its name, with its code beside it.
    expect(within(events).getByLabelText('A signer signed signer.signed')).toBeTruthy();
    const mine = within(dialog).getByRole('radio', { name: 'My signing requests' });
    expect((mine as HTMLInputElement).checked).toBe(true);
  });

  it('refuses an empty address and no events at their fields, focuses the address and sends nothing', async () => {
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('checkbox', { name: 'All events' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const url = within(dialog).getByRole('textbox', { name: 'Address (URL)' });
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(url);
    const urlError = document.getElementById(
      url.getAttribute('aria-describedby')?.split(' ')[1] ?? '',
    );
    expect(urlError?.textContent).toBe('This field is required');
    const events = within(dialog).getByRole('group', { name: 'Events to send' });
    expect(events.getAttribute('aria-describedby')).not.toBeNull();
    expect(within(events).getByText('Choose at least one event.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('ticks and unticks every event with "All events", which is mixed when some are ticked', async () => {
    const { user, dialog } = await openForm();
    const all = within(dialog).getByRole('checkbox', { name: 'All events' }) as HTMLInputElement;
    await user.click(within(dialog).getByRole('checkbox', { name: /^Signing request sent/ }));
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.every((box) => box.checked)).toBe(true);
    await user.click(all);
    expect(boxes.some((box) => box.checked)).toBe(false);
  });

  it('asks for one of the user’s groups for a group’s signing requests and sends the group chosen', async () => {
    const { user, dialog } = await openForm();
    expect(within(dialog).queryByRole('radio', { name: /organisation/ })).toBeNull();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Address (URL)' }),
      'https://hr.example.com/in',
    );
    await user.click(
      within(dialog).getByRole('radio', {
        name: 'A user group’s signing requests'.replace('’', "'"),
      }),
    );
    const group = await within(dialog).findByRole('combobox', { name: 'User group' });
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(group);
    expect(within(dialog).getByText('Choose a user group.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await user.selectOptions(group, 'Legal');
    // A few events only: sent in the list's order, whatever order they were ticked in.
    await user.click(within(dialog).getByRole('checkbox', { name: 'All events' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Signing request finished/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Signing request sent/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      Url: 'https://hr.example.com/in',
      Events: ['signflow.sent', 'signflow.finished'],
      Scope: 'group',
      GroupId: 'g2',
    });
  });

  it('offers administrators the whole organisation', async () => {
    const { dialog } = await openForm({ isAdmin: true });
    expect(
      within(dialog).getByRole('radio', { name: 'All signing requests of the organisation' }),
    ).toBeTruthy();
  });

  it('puts the server’s refusal of the address at the address field, in the user’s language', async () => {
    calls = serverRoutes({
      [`GET ${apiPaths.listUserGroups}`]: { status: 200, body: groups },
      [`POST ${webhookPaths.webhooks}`]: refusal('webhooks.errors.urlNotHttps', [
        { path: 'Url', key: 'webhooks.errors.urlNotHttps' },
      ]),
    });
    const { user, dialog } = await openForm({ language: 'sv' });
    const url = within(dialog).getByRole('textbox', { name: 'Adress (URL)' });
    await user.type(url, 'http://hr.example.com/in');
    await user.click(within(dialog).getByRole('button', { name: 'Lägg till webhook' }));
    await within(dialog).findByText('Adressen måste vara en fullständig https://-adress.');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(url);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('places a refusal that names no field at the field it is about', async () => {
    calls = serverRoutes({
      [`GET ${apiPaths.listUserGroups}`]: { status: 200, body: groups },
      [`POST ${webhookPaths.webhooks}`]: refusal('webhooks.errors.addressNotAllowed'),
    });
    const { user, dialog } = await openForm({ language: 'fi' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Osoite (URL)' }),
      'https://10.0.0.5/',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Lisää webhook' }));
    await within(dialog).findByText(/jota ylläpitäjä ei ole sallinut/);
  });

  it('says so inside when the server fails for a reason no field explains, and keeps the input', async () => {
    calls = serverRoutes({
      [`GET ${apiPaths.listUserGroups}`]: { status: 200, body: groups },
      [`POST ${webhookPaths.webhooks}`]: {
        status: 500,
        body: { status: 500, key: 'errors.unexpected', message: 'x' },
      },
    });
    const { user, dialog } = await openForm();
    const url = within(dialog).getByRole('textbox', { name: 'Address (URL)' });
    await user.type(url, 'https://hr.example.com/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Adding the webhook failed.',
    );
    expect((url as HTMLInputElement).value).toBe('https://hr.example.com/in');
  });

  it('shows the secret once, with the warning and a copy button, and forgets it when closed', async () => {
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole('textbox', { name: 'Address (URL)' }), created.Url);
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const shown = await within(dialog).findByTestId('webhook-secret-shown');
    expect(within(shown).getByText(/This is the only time the secret is shown/)).toBeTruthy();
    expect(within(shown).getByTestId('webhook-secret-value').textContent).toBe(created.Secret);
    expect(posts(calls)[0]?.body).toEqual({
      Url: created.Url,
      Events: [
        'signflow.sent',
        'signflow.opened',
        'signer.signed',
        'signer.rejected',
        'signflow.finished',
        'signflow.cancelled',
        'signflow.expired',
        'signflow.failed',
        'signflow.deleted',
      ],
      Scope: 'user',
      GroupId: null,
    });

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(within(shown).getByRole('status').textContent).toBe('Copied');
    expect(await navigator.clipboard.readText()).toBe(created.Secret);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).queryByText(created.Secret)).toBeNull();
    expect(within(again).getByRole('heading', { name: 'Add webhook' })).toBeTruthy();
  });
});
