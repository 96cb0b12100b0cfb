import { expect, test, type Page } from '@playwright/test';
import { turnWebhookOffAsFailing } from '../support/database.ts';
import { logIn } from '../support/pages.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { shootEverywhere } from './shoot.ts';

/** The webhooks page with its form for a new webhook open. */
async function openNewWebhookForm(p: Page) {
  await p.goto('/webhooks');
  await p
    .getByRole('button')
    .filter({ hasText: /webhook/i })
    .first()
    .click();
}

const run = Date.now().toString(36);

/** Adds a webhook through the portal's call, as the signed-in user. */
async function addWebhook(page: Page, body: object) {
  return page.evaluate(async (request) => {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/api/esign/Webhooks', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      body: JSON.stringify(request),
    });
    return ((await response.json()) as { Id: string }).Id;
  }, body);
}

/** Sends a webhook a test event through the portal's call. */
async function sendTestEvent(page: Page, id: string) {
  await page.evaluate(async (endpointId) => {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    await fetch(`/api/esign/Webhooks/${endpointId}/test`, {
      method: 'POST',
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    });
  }, id);
}

/** Deletes, through the portal's calls, the webhooks whose address contains the text. */
async function deleteWebhooks(page: Page, addressPart: string) {
  await page.evaluate(async (part) => {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const listed = (await (await fetch('/api/esign/Webhooks')).json()) as Array<{
      Id: string;
      Url: string;
    }>;
    for (const webhook of listed.filter((item) => item.Url.includes(part)))
      await fetch(`/api/esign/Webhooks/${webhook.Id}`, {
        method: 'DELETE',
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      });
  }, addressPart);
}

test('the webhooks page', async ({ page }) => {
  const receiver = await startWebhookReceiver();
  try {
    await page.goto('/login');
    await logIn(page, 'user@example.com', 'user-demo');
    await expect(page.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });

    await shootEverywhere(page, 'webhooks-empty', async (p) => {
      await p.goto('/webhooks');
      await expect(p.getByTestId('webhooks-empty')).toBeVisible();
    });
    await shootEverywhere(page, 'webhooks-create', async (p) => {
      await openNewWebhookForm(p);
      await expect(p.getByTestId('webhook-form')).toBeVisible();
    });
    await shootEverywhere(page, 'webhooks-errors', async (p) => {
      await openNewWebhookForm(p);
      const form = p.getByTestId('webhook-form');
      await form.locator('input[type="checkbox"]').first().uncheck();
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('.invalid-feedback').first()).toBeVisible();
    });
    await shootEverywhere(page, 'webhooks-shown', async (p) => {
      await openNewWebhookForm(p);
      const form = p.getByTestId('webhook-form');
      await form.locator('input[name="Url"]').fill(receiver.url(`/screens/shown-${run}`));
      await form.locator('button[type="submit"]').click();
      await expect(p.getByTestId('webhook-secret-shown')).toBeVisible();
    });

    // The list: one webhook per kind rather than the six the secret's screens added.
    await deleteWebhooks(page, '/screens/shown-');
    // A webhook of a few events with deliveries, one whose deliveries fail, one turned off.
    const tested = await addWebhook(page, {
      Url: receiver.url(`/screens/henkilostojarjestelma-${run}`),
      Events: ['signflow.sent', 'signer.signed', 'signer.rejected', 'signflow.finished'],
      Scope: 'user',
    });
    await sendTestEvent(page, tested);
    await sendTestEvent(page, tested);
    // Nothing listens at port 9 (discard) on this machine: the test event fails to connect.
    const unreachable = await addWebhook(page, {
      Url: 'http://127.0.0.1:9/asianhallinta',
      Events: ['signflow.finished'],
      Scope: 'user',
    });
    await sendTestEvent(page, unreachable);
    const failing = `https://127.0.0.1:8443/crm/esign-${run}`;
    await addWebhook(page, { Url: failing, Events: ['signflow.sent'], Scope: 'user' });
    turnWebhookOffAsFailing(failing, new Date(Date.now() - 3 * 86_400_000));
    await shootEverywhere(page, 'webhooks-list', async (p) => {
      await p.goto('/webhooks');
      const item = p.getByTestId('webhook-item').filter({ hasText: 'henkilostojarjestelma' });
      await item.locator('.webhook-item__disclosure').click();
      await expect(item.locator('[data-testid="webhook-delivery"]:visible').first()).toBeVisible();
      await item.locator('details summary:visible').first().click();
      const refused = p.getByTestId('webhook-item').filter({ hasText: 'asianhallinta' });
      await refused.locator('.webhook-item__disclosure').click();
      await expect(
        refused.locator('[data-testid="webhook-delivery"]:visible').first(),
      ).toBeVisible();
    });
    await shootEverywhere(page, 'webhooks-delete', async (p) => {
      await p.goto('/webhooks');
      await p.getByTestId('webhook-item').first().locator('.btn-outline-danger').click();
      await expect(p.getByTestId('delete-webhook-dialog')).toBeVisible();
    });
    await shootEverywhere(page, 'webhooks-edit', async (p) => {
      await p.goto('/webhooks');
      const item = p.getByTestId('webhook-item').filter({ hasText: 'henkilostojarjestelma' });
      await item.locator('.webhook-item__actions .btn-outline-primary').first().click();
      await expect(p.getByTestId('webhook-edit-dialog')).toBeVisible();
    });
  } finally {
    await receiver.close();
  }
});
