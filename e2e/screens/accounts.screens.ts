import { expect, test } from '@playwright/test';
import { logIn } from '../support/pages.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);

test('my account and the user accounts', async ({ page, browser }) => {
  await page.goto('/login');
  await logIn(page, 'admin@example.com', 'admin-demo');
  await expect(page.getByTestId('header-display-name')).toBeVisible();
  // One account of the administrator's making, so the list shows more than the demo accounts.
  const added = await page.evaluate(async (email) => {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/api/esign/Accounts/CreateAccount', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      body: JSON.stringify({
        Email: email,
        DisplayName: 'Sanna Sihteeri',
        Title: 'Sihteeri',
        IsAdmin: false,
        Password: 'alkusalasana-2026',
      }),
    });
    return response.status;
  }, `sanna-${run}@example.com`);
  expect(added).toBe(200);

  await shootEverywhere(page, 'accounts', async (p) => {
    await p.goto('/accounts');
    await expect(p.getByTestId('account-list')).toContainText('Sanna Sihteeri');
  });
  await shootEverywhere(page, 'accounts-errors', async (p) => {
    await p.goto('/accounts');
    await p.getByTestId('account-create').locator('input[name="Email"]').fill('user@example.com');
    await p.getByTestId('account-create').locator('input[name="Password"]').fill('short');
    await p.getByTestId('account-create').getByRole('button').click();
    await expect(p.locator('.invalid-feedback').first()).toBeVisible();
  });
  await shootEverywhere(page, 'accounts-remove', async (p) => {
    await p.goto('/accounts');
    await p.getByTestId('account-list').getByRole('button').first().click();
    await expect(p.getByTestId('remove-account-dialog')).toBeVisible();
  });

  // My account as the new account sees it, and with the form's errors (checked in the browser:
  // wrong current passwords would soon be throttled).
  const context = await browser.newContext();
  const sanna = await context.newPage();
  await sanna.goto('/login');
  await logIn(sanna, `sanna-${run}@example.com`, 'alkusalasana-2026');
  await expect(sanna.getByTestId('header-display-name')).toBeVisible();
  await shootEverywhere(sanna, 'account', async (p) => {
    await p.goto('/account');
    await expect(p.locator('input[name="CurrentPassword"]')).toBeVisible();
  });
  await shootEverywhere(sanna, 'account-errors', async (p) => {
    await p.goto('/account');
    await p.locator('input[name="NewPassword"]').fill('lyhyt');
    await p.locator('input[name="ConfirmPassword"]').fill('lyhyt2');
    await p.locator('form button[type="submit"]').click();
    await expect(p.locator('.invalid-feedback')).toHaveCount(3);
  });
  await context.close();
});
