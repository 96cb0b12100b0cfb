import { expect, test } from '@playwright/test';
import { logIn } from '../support/pages.ts';
import { shootEverywhere } from './shoot.ts';

test('the reports: the range form, its calendar and an unreadable date', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'admin@example.com', 'admin-demo');
  await expect(page.getByTestId('header-display-name')).toBeVisible();

  await shootEverywhere(page, 'reports', async (p) => {
    await p.goto('/reports');
    await p.locator('form button[type="submit"]').click();
    await expect(p.getByRole('table').first()).toBeVisible();
  });
  await shootEverywhere(page, 'reports-calendar', async (p) => {
    await p.goto('/reports');
    await p.locator('.date-input button').first().click();
    await expect(p.getByRole('dialog')).toBeVisible();
  });
  await shootEverywhere(page, 'reports-unreadable', async (p) => {
    await p.goto('/reports');
    await p.locator('.date-input input').first().fill('30.2.2026');
    await p.locator('form button[type="submit"]').click();
    await expect(p.getByRole('alert')).toBeVisible();
  });
});
