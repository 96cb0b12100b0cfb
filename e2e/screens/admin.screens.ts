import { expect, test } from '@playwright/test';
import { createGroupWithMember, logInAsAdmin, logInElsewhere } from '../support/admin.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);

test('the groups: a group with a member, a taken name, the removal dialog', async ({
  page,
  browser,
}) => {
  await logInElsewhere(browser, 'user@example.com', 'user-demo');
  await logInAsAdmin(page);
  const name = `Talouspalvelut ${run}`;
  await createGroupWithMember(page, name, 'ulla');
  const group = page.getByRole('region', { name, exact: true });

  await shootEverywhere(page, 'groups', async (p) => {
    await p.goto('/groups');
    await expect(group.getByRole('listitem')).toHaveCount(1);
  });
  await shootEverywhere(page, 'groups-name-taken', async (p) => {
    await p.goto('/groups');
    await p.locator('form input[type="text"]').first().fill(name);
    await p.locator('form button[type="submit"]').first().click();
    await expect(p.locator('.invalid-feedback').first()).toBeVisible();
  });
  await shootEverywhere(page, 'groups-remove', async (p) => {
    await p.goto('/groups');
    await group.locator('.btn-outline-danger').click();
    await expect(p.getByTestId('remove-group-dialog')).toBeVisible();
  });
});

test('settings with the front-page text, the personal-data queries, the front page', async ({
  page,
  browser,
}) => {
  await logInAsAdmin(page);
  await shootEverywhere(page, 'settings', async (p) => {
    await p.goto('/settings');
    await expect(p.getByTestId('frontpage-info-text')).toBeVisible();
  });
  await shootEverywhere(page, 'personal-reports', async (p) => {
    await p.goto('/personalreports');
    await expect(p.getByTestId('personal-data-form')).toBeVisible();
  });
  await shootEverywhere(page, 'personal-reports-invalid', async (p) => {
    await p.goto('/personalreports');
    await p.locator('input[type="radio"][value="Ssn"]').check();
    await p.getByTestId('personal-identifier').fill('131052-308A');
    await p.getByTestId('personal-data-form').getByRole('button').first().click();
    await expect(p.getByTestId('personal-data-form').getByRole('alert')).toBeVisible();
  });

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await shootEverywhere(visitor, 'frontpage', async (p) => {
    await p.goto('/');
    await expect(p.getByTestId('frontpage-intro')).toBeVisible();
  });
  await visitor.context().close();
});
