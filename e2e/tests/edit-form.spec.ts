import { expect, test } from '@playwright/test';
import { createDrafts } from '../support/api.ts';
import { expectNoSeriousAxeViolations } from '../support/pages.ts';
import { logInAsSender } from '../support/sender.ts';
import { viewports } from '../support/signing.ts';

test.beforeEach(async ({ page }) => {
  await logInAsSender(page);
});

test('Send on an empty form lists every problem at once, each a link to its field', async ({
  page,
}) => {
  await page.getByTestId('signflow-create').click();
  await page.getByTestId('send-to-sign').click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading')).toHaveText('There are 4 problems');
  const links = summary.getByRole('link');
  await expect(links).toHaveCount(4);
  await expect(links.nth(0)).toContainText('name');
  await expect(summary).toContainText('file');
  await expect(summary).toContainText('signer');
  await expect(summary).toContainText('level');
  await expect(page.getByTestId('confirm-send')).toHaveCount(0);
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page);
  }
  await links.nth(0).click();
  await expect(page.getByTestId('signflow-name')).toBeFocused();
  await summary.getByRole('link', { name: /level/ }).press('Enter');
  await expect(page.getByTestId('signature-level')).toBeFocused();

  // Fixing some leaves the others: the next Send lists what still stops it.
  await page.getByTestId('signflow-name').fill('Yhteenveto');
  await page.getByTestId('signature-level').selectOption('Low');
  await page.getByTestId('send-to-sign').click();
  await expect(summary.getByRole('heading')).toHaveText('There are 2 problems');
  await expect(summary).not.toContainText('level');
});

test('a copy is named as a copy', async ({ page }) => {
  const [guid] = await createDrafts(page, ['Vuokrasopimus 2026']);
  await page.goto(`/esign/copy/${guid}`);
  await expect(page.getByTestId('signflow-name')).toHaveValue('Copy of Vuokrasopimus 2026');
});

test('leaving a form with unsaved changes asks first; saved changes leave freely', async ({
  page,
}) => {
  await page.getByTestId('signflow-create').click();
  await page.getByTestId('signflow-name').fill('Kesken');
  await page.getByTestId('header-title').click();
  const dialog = page.getByTestId('unsaved-changes-dialog');
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Stay on the page' }).click();
  await expect(page).toHaveURL('/esign/edit/new');
  await expect(page.getByTestId('signflow-name')).toHaveValue('Kesken');

  await page.getByTestId('header-title').click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL('/');

  await page.getByTestId('signflow-create').click();
  await page.getByTestId('signflow-name').fill('Tallennettu');
  await page.getByTestId('save-draft').click();
  await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
  await page.getByTestId('header-title').click();
  await expect(page).toHaveURL('/');
  await expect(dialog).toHaveCount(0);
});
