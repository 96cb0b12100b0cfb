import { expect, test } from '@playwright/test';
import { logIn } from '../support/pages.ts';
import { shootEverywhere } from './shoot.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
});

test('sign flow list and editor', async ({ page }) => {
  await shootEverywhere(page, 'list', async (p) => {
    await p.goto('/');
    await expect(p.getByTestId('signflow-create')).toBeVisible();
  });
  await shootEverywhere(page, 'edit-new', async (p) => {
    await p.goto('/esign/edit/new');
    await expect(p.getByTestId('signflow-name')).toBeVisible();
  });
  await shootEverywhere(page, 'logout-confirm', async (p) => {
    await p.goto('/logout');
  });
});

test('the error summary of an empty form sent', async ({ page }) => {
  await shootEverywhere(page, 'edit-error-summary', async (p) => {
    await p.goto('/esign/edit/new');
    await p.getByTestId('send-to-sign').click();
    await expect(p.getByTestId('error-summary')).toBeVisible();
  });
});
