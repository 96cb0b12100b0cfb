import { expect, test } from '@playwright/test';
import { createDrafts } from '../support/api.ts';
import { desktop, emptyTheAccount, logInAs, phone, useLanguage } from '../support/list.ts';
import { expectNoSeriousAxeViolations, languages } from '../support/pages.ts';

const run = Date.now().toString(36);

test.describe('the list of an account without flows', () => {
  test('welcomes an empty account with the way to start, and says "no results" only after a search', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logInAs(page, 'admin@example.com', 'admin-demo');
    await emptyTheAccount(page);
    for (const language of languages) {
      await useLanguage(page, language);
      for (const size of [desktop, phone]) {
        await page.setViewportSize(size);
        await page.goto('/');
        await expect(page.getByTestId('empty-account')).toBeVisible();
        await expect(page.getByTestId('no-results')).toHaveCount(0);
        await expect(page.getByTestId('signflow-search')).toHaveCount(0);
        await expectNoSeriousAxeViolations(page, { experimental: true });
        await page.goto('/?view=drafts');
        await expect(page.getByTestId('empty-view')).toBeVisible();
      }
    }
    await page.goto('/');
    await page.getByTestId('signflow-create-first').click();
    await expect(page).toHaveURL('/esign/edit/new');

    // Someone with flows who searches for what is not there.
    await page.context().clearCookies();
    await logInAs(page, 'user@example.com', 'user-demo');
    await createDrafts(page, [`Haettava ${run}`]);
    await page.reload();
    await page.getByTestId('signflow-search').fill(`Haettava ${run} nothing like this`);
    await expect(page.getByTestId('no-results')).toBeVisible();
    await expect(page.getByTestId('empty-account')).toHaveCount(0);
    await page.getByTestId('clear-search').click();
    await expect(page.getByTestId('signflow-row').first()).toBeVisible();
  });
});
