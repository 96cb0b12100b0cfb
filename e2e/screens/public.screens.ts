import { expect, test } from '@playwright/test';
import { shootEverywhere } from './shoot.ts';

test('login and front page', async ({ page }) => {
  await page.goto('/');
  await shootEverywhere(page, 'login', async (p) => {
    await p.goto('/login');
    await expect(p.getByTestId('login-link')).toBeVisible();
  });
  await shootEverywhere(page, 'logout-signed-out', async (p) => {
    await p.goto('/logout');
  });
});

test('the built-in login form with the demo accounts', async ({ page }) => {
  await page.goto('/');
  await shootEverywhere(page, 'idp-login', async (p) => {
    await p.goto('/login');
    await p.getByTestId('login-link').click();
    await expect(p.getByTestId('demo-accounts')).toBeVisible();
  });
});
