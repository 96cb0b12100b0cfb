import { WebhookEventBody } from '@esign/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { screenWidths } from '../screens/shoot.ts';
import { logInAsAdmin } from '../support/admin.ts';
import { fiText, textIn } from '../support/locale.ts';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  languages,
  logIn,
  type Language,
} from '../support/pages.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const run = Date.now().toString(36);

/** axe with every rule, experimental ones too, at the phone and the desktop width. */
async function expectAccessibleAtBothWidths(page: Page) {
  await page.setViewportSize(screenWidths.phone);
  await expectNoSeriousAxeViolations(page, { experimental: true });
  await page.setViewportSize(screenWidths.desktop);
  await expectNoSeriousAxeViolations(page, { experimental: true });
}

/** Moves the focus with Tab until it reaches the control, as a keyboard user would. */
async function tabTo(page: Page, control: Locator) {
  for (let step = 0; step < 40; step += 1) {
    if (await control.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/** Tabs to a button and presses Enter on it. */
async function pressWithKeyboard(page: Page, button: Locator) {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test.describe('the webhooks page', () => {
  // Three languages, each with a login, a webhook added, tested, redelivered, turned off and
  // deleted, and axe at two widths.
  test.describe.configure({ timeout: 180_000 });

  for (const language of languages) {
    test(`a user adds a webhook, sees its secret once, tests it, redelivers, turns it off and deletes it (${language})`, async ({
      page,
      context,
    }) => {
      const text = (key: string, values: Record<string, string | number> = {}) =>
        textIn(language as Language, key, values);
      const path = `/hooks/${language}-${run}`;
      const url = receiver.url(path);
      await context.grantPermissions(['clipboard-write']);
      await page.goto('/login');
      await logIn(page, 'user@example.com', 'user-demo');
      await expect(page.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });
      await chooseLanguage(page, language);

      await page.getByRole('link', { name: text('nav.webhooks') }).click();
      await expect(page).toHaveURL('/webhooks');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('webhooks.title'));
      await expect(page).toHaveTitle(new RegExp(`^${text('webhooks.title')} – `));
      await expect(page.getByTestId('webhooks-empty')).toHaveText(text('webhooks.empty'));
      await expectAccessibleAtBothWidths(page);

      // The form, by keyboard: an empty address is refused at its field, which takes the focus.
      const add = page.getByRole('button', { name: text('webhooks.add') });
      await pressWithKeyboard(page, add);
      const dialog = page.getByTestId('webhook-dialog');
      await expect(dialog.getByRole('heading')).toHaveText(text('webhooks.form.title'));
      const address = dialog.getByLabel(text('webhooks.form.url'));
      await tabTo(page, address);
      await page.keyboard.press('Enter');
      await expect(dialog).toContainText(text('validation.required'));
      await expect(address).toBeFocused();
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      // No organisation-wide choice for a user who is not an administrator.
      await expect(dialog.getByLabel(text('webhooks.form.scopes.organisation'))).toHaveCount(0);
      await expectAccessibleAtBothWidths(page);

      await page.keyboard.type(url);
      await page.keyboard.press('Enter');

      // The secret, shown once with the warning, and copied.
      const shown = page.getByTestId('webhook-secret-shown');
      await expect(shown).toContainText(text('webhooks.shown.warning'));
      const secret = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      await expectAccessibleAtBothWidths(page);
      await pressWithKeyboard(page, shown.getByRole('button', { name: text('secret.copy') }));
      await expect(shown.getByRole('status')).toHaveText(text('secret.copied'));
      await pressWithKeyboard(page, shown.getByRole('button', { name: text('secret.done') }));
      await expect(dialog).toHaveCount(0);
      await expect(add).toBeFocused();
      await expect(page.getByText(secret)).toHaveCount(0);

      const item = page.getByTestId('webhook-item').filter({ hasText: url });
      await expect(item.getByRole('heading', { level: 3 })).toHaveText(url);
      await expect(item).toContainText(text('webhooks.on'));
      await expect(item).toContainText(text('webhooks.scope.user', { name: 'Ulla User' }));
      await expect(item).toContainText(text('webhooks.allEvents'));

      // A test event: delivered, with the receiver's 200, and signed with the secret.
      await pressWithKeyboard(
        page,
        item.getByRole('button', { name: text('webhooks.testNamed', { url }) }),
      );
      const deliveries = item.getByTestId('webhook-deliveries');
      const rows = deliveries.getByRole('table').getByTestId('webhook-delivery');
      await expect(rows).toHaveCount(1);
      const first = rows.first();
      await expect(first).toContainText(text('webhooks.events.webhookTest'));
      await expect(first).toContainText(text('webhooks.deliveries.status.delivered'), {
        timeout: 30_000,
      });
      await expect(first.getByRole('cell').nth(3)).toHaveText('200');
      await expect(first.getByRole('cell').nth(4)).toHaveText('1');
      const sent = receiver.received.filter((request) => request.path === path);
      expect(sent).toHaveLength(1);
      const verified = new Webhook(secret).verify(
        sent[0]?.body ?? '',
        sent[0]?.headers as Record<string, string>,
      );
      expect(WebhookEventBody.parse(verified).Type).toBe('webhook.test');
      await first.getByText(text('webhooks.deliveries.showAnswer')).click();
      await expect(first).toContainText('{"received":true}');
      await expectAccessibleAtBothWidths(page);

      // Redelivered: a second delivery of the same event (the same webhook-id), delivered too.
      const redeliver = first.getByRole('button', { name: text('webhooks.deliveries.redeliver') });
      await pressWithKeyboard(page, redeliver);
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(text('webhooks.deliveries.status.delivered'), {
        timeout: 30_000,
      });
      await expect
        .poll(() => receiver.received.filter((request) => request.path === path).length)
        .toBe(2);
      const again = receiver.received.filter((request) => request.path === path);
      expect(again[1]?.headers['webhook-id']).toBe(again[0]?.headers['webhook-id']);
      await pressWithKeyboard(
        page,
        deliveries.getByRole('button', { name: text('webhooks.deliveries.refresh') }),
      );
      await expect(rows).toHaveCount(2);

      // Turned off: it says so and offers no test event; then deleted after asking.
      await pressWithKeyboard(
        page,
        item.getByRole('button', { name: text('webhooks.turnOffNamed', { url }) }),
      );
      await expect(item).toContainText(text('webhooks.disabledByUser'));
      await expect(
        item.getByRole('button', { name: text('webhooks.testNamed', { url }) }),
      ).toHaveCount(0);
      await expect(
        item.getByRole('button', { name: text('webhooks.turnOnNamed', { url }) }),
      ).toBeFocused();

      await pressWithKeyboard(
        page,
        item.getByRole('button', { name: text('webhooks.deleteNamed', { url }) }),
      );
      const remove = page.getByTestId('delete-webhook-dialog');
      await expect(remove).toContainText(text('webhooks.deleteDialog.title', { url }));
      await expectAccessibleAtBothWidths(page);
      await pressWithKeyboard(
        page,
        remove.getByRole('button', { name: text('webhooks.deleteDialog.confirm') }),
      );
      await expect(
        page.locator('.toast').filter({ hasText: text('webhooks.deleted', { url }) }),
      ).toBeVisible();
      await expect(page.getByTestId('webhooks-empty')).toBeVisible();
      await expect(page.getByRole('heading', { name: text('webhooks.heading') })).toBeFocused();
    });
  }

  test('the server’s refusals are shown at their fields, and an administrator may hear the whole organisation', async ({
    page,
  }) => {
    await logInAsAdmin(page);
    await page.getByRole('link', { name: fiText('nav.webhooks') }).click();
    await page.getByRole('button', { name: fiText('webhooks.add') }).click();
    const dialog = page.getByTestId('webhook-dialog');
    await expect(dialog.getByLabel(fiText('webhooks.form.scopes.organisation'))).toBeVisible();
    // http is allowed only to 127.0.0.1 here: elsewhere the address must be https.
    await dialog.getByLabel(fiText('webhooks.form.url')).fill('http://example.com/hook');
    await dialog.getByRole('button', { name: fiText('webhooks.form.submit') }).click();
    await expect(dialog).toContainText(fiText('webhooks.errors.urlNotHttps'));
    await expect(dialog.getByLabel(fiText('webhooks.form.url'))).toBeFocused();
    await expectNoSeriousAxeViolations(page, { experimental: true });

    // The whole organisation: the list says so, with its owner.
    const url = receiver.url(`/hooks/organisation-${run}`);
    await dialog.getByLabel(fiText('webhooks.form.url')).fill(url);
    await dialog.getByLabel(fiText('webhooks.form.scopes.organisation')).check();
    await dialog.getByRole('button', { name: fiText('webhooks.form.submit') }).click();
    await page
      .getByTestId('webhook-secret-shown')
      .getByRole('button', { name: fiText('secret.done') })
      .click();
    const item = page.getByTestId('webhook-item').filter({ hasText: url });
    await expect(item).toContainText(fiText('webhooks.scope.organisation'));
    await expect(item).toContainText('Aino Admin (admin@example.com)');
    await item.getByRole('button', { name: fiText('webhooks.deleteNamed', { url }) }).click();
    await page
      .getByTestId('delete-webhook-dialog')
      .getByRole('button', { name: fiText('webhooks.deleteDialog.confirm') })
      .click();
    await expect(item).toHaveCount(0);
  });
});
