import { expect, request, test } from '@playwright/test';
import { logIn } from '../support/pages.ts';
import { portalUrl } from '../support/services.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);

test('the API access page', async ({ page, browser }) => {
  // The user's token, used once by an integration, so the list shows a last use.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto('/login');
  await logIn(userPage, 'user@example.com', 'user-demo');
  await expect(userPage.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });
  const token = await userPage.evaluate(async (name) => {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/api/esign/ApiTokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      body: JSON.stringify({
        Name: name,
        ExpiresInDays: 90,
        Scopes: ['signflows:read', 'signflows:write'],
      }),
    });
    return ((await response.json()) as { Token: string }).Token;
  }, `Henkilöstöjärjestelmä ${run}`);
  const integration = await request.newContext({ baseURL: portalUrl });
  await integration.get('/api/esign/SignFlows', { headers: { authorization: `Bearer ${token}` } });
  await integration.dispose();

  await shootEverywhere(userPage, 'api-access', async (p) => {
    await p.goto('/api-access');
    await expect(p.getByTestId('api-tokens-own').getByRole('listitem').first()).toBeVisible();
  });
  await shootEverywhere(userPage, 'api-access-create', async (p) => {
    await p.goto('/api-access');
    await p.getByRole('button').filter({ hasText: /API/ }).last().click();
    await expect(p.getByTestId('api-token-create')).toBeVisible();
  });
  await shootEverywhere(userPage, 'api-access-errors', async (p) => {
    await p.goto('/api-access');
    await p.getByRole('button').filter({ hasText: /API/ }).last().click();
    await p.getByTestId('api-token-create').locator('input[type="number"]').fill('999');
    await p.getByTestId('api-token-create').locator('button[type="submit"]').click();
    await expect(p.locator('.invalid-feedback').first()).toBeVisible();
  });
  await shootEverywhere(userPage, 'api-access-shown', async (p) => {
    await p.goto('/api-access');
    await p.getByRole('button').filter({ hasText: /API/ }).last().click();
    await p.getByTestId('api-token-create').locator('input[name="Name"]').fill('Kuvakaappaus');
    await p.getByTestId('api-token-create').locator('button[type="submit"]').click();
    await expect(p.getByTestId('api-token-shown')).toBeVisible();
  });
  await userContext.close();

  await page.goto('/login');
  await logIn(page, 'admin@example.com', 'admin-demo');
  await expect(page.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });
  await shootEverywhere(page, 'api-access-admin', async (p) => {
    await p.goto('/api-access');
    await expect(p.getByTestId('api-tokens-all').getByRole('listitem').first()).toBeVisible();
  });
  await shootEverywhere(page, 'api-access-revoke', async (p) => {
    await p.goto('/api-access');
    await p.getByTestId('api-tokens-all').getByRole('button').first().click();
    await expect(p.getByTestId('revoke-api-token-dialog')).toBeVisible();
  });
});
