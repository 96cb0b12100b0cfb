import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/pages.ts';
import { emptyTheAccount } from '../support/list.ts';
import { seedFlowsInEveryState } from '../support/seed.ts';
import { shootEverywhere } from './shoot.ts';

async function openList(page: Page, query = '') {
  await page.goto(`/${query}`);
  await expect(page.getByTestId('signflow-row').first()).toBeVisible();
}

test('the sign flow list: every state, a long name, many signers; menus; empty states', async ({
  page,
  browser,
}) => {
  // Eleven screens, each six times with axe's look at it: more than the usual five minutes.
  test.setTimeout(900_000);
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  await seedFlowsInEveryState(page, '', 5);

  await shootEverywhere(page, 'list-all', (p) => openList(p));
  await shootEverywhere(page, 'list-drafts', (p) => openList(p, '?view=drafts'));
  await shootEverywhere(page, 'list-sent', (p) => openList(p, '?view=sent'));
  await shootEverywhere(page, 'list-finished', (p) => openList(p, '?view=finished'));
  await shootEverywhere(page, 'list-rejected', (p) => openList(p, '?view=rejected&sort=Name'));
  await shootEverywhere(page, 'list-canceled', (p) =>
    openList(p, '?view=canceled&sort=CreationDate&order=desc'),
  );
  await shootEverywhere(page, 'list-row-menu', async (p) => {
    await openList(p, '?view=sent');
    await p.getByTestId('row-actions').first().click();
    await expect(p.getByTestId('row-action-cancel').first()).toBeVisible();
  });
  await shootEverywhere(page, 'list-tools-open', async (p) => {
    await openList(p);
    const chooser = p.getByTestId('column-chooser');
    if (await chooser.isVisible()) await chooser.click();
  });
  await shootEverywhere(page, 'list-no-results', async (p) => {
    await p.goto('/?q=ei-tällaista');
    await expect(p.getByTestId('no-results')).toBeVisible();
  });

  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/login');
  await logIn(admin, 'admin@example.com', 'admin-demo');
  await expect(admin.getByTestId('signflow-create')).toBeVisible();
  await emptyTheAccount(admin);
  await shootEverywhere(admin, 'list-empty-account', async (p) => {
    await p.goto('/');
    await expect(p.getByTestId('empty-account')).toBeVisible();
  });
  await shootEverywhere(admin, 'list-empty-view', async (p) => {
    await p.goto('/?view=drafts');
    await expect(p.getByTestId('empty-view')).toBeVisible();
  });
});
