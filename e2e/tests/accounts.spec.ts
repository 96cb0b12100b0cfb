import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin } from '../support/admin.ts';
import { fiText } from '../support/locale.ts';
import { contrastOfText, expectNoSeriousAxeViolations, logIn } from '../support/pages.ts';
import { screenWidths } from '../screens/shoot.ts';

const run = Date.now().toString(36);

/** A toast the portal shows after an action (the toasts stay a few seconds). */
const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).first();

/** axe at the desktop and the phone width; the page ends at the desktop width. */
async function expectAccessibleAtBothWidths(page: Page) {
  await page.setViewportSize(screenWidths.phone);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize(screenWidths.desktop);
  await expectNoSeriousAxeViolations(page);
}

test.describe("the built-in login's accounts", () => {
  // Four logins, two forms and axe at two widths on five screens: about 35 s alone, more on a
  // machine shared with other work.
  test.describe.configure({ timeout: 120_000 });

  test('the administrator adds an account, which signs in, changes its password and signs in with the new one', async ({
    page,
    browser,
  }) => {
    const email = `sanna-${run}@example.com`;
    const initial = `alku-${run}-salasana`;
    const chosen = `oma-${run}-salasana`;

    await logInAsAdmin(page);
    await page.getByTestId('settings-menu').click();
    await page.getByRole('link', { name: fiText('nav.accounts') }).click();
    await expect(page).toHaveURL('/accounts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fiText('accounts.title'));
    const list = page.getByTestId('account-list');
    await expect(list).toContainText('admin@example.com');
    // The administrator's own row says what the account is, in badges that can be read (7:1).
    const own = list.getByRole('listitem').filter({ hasText: 'admin@example.com' });
    for (const key of ['accounts.administrator', 'accounts.demo', 'accounts.you']) {
      const badge = own.locator('.badge').filter({ hasText: fiText(key) });
      expect(await contrastOfText(badge)).toBeGreaterThanOrEqual(7);
    }
    await expectAccessibleAtBothWidths(page);

    // Nothing filled in: each required field says so by itself, and nothing is added.
    const form = page.getByTestId('account-create');
    await form.getByRole('button', { name: fiText('accounts.create') }).click();
    await expect(page.getByLabel(fiText('accounts.email'))).toBeFocused();
    await expect(form.getByText(fiText('validation.required'))).toHaveCount(3);

    // A taken address and a short password, each told at its own field.
    await page.getByLabel(fiText('accounts.email')).fill('user@example.com');
    await page.getByLabel(fiText('accounts.displayName'), { exact: true }).fill('Sanna Sihteeri');
    await page.getByLabel(fiText('accounts.initialPassword')).fill('lyhyt');
    await form.getByRole('button', { name: fiText('accounts.create') }).click();
    await expect(
      form.getByText(fiText('accounts.errors.passwordTooShort', { n: 12 })),
    ).toBeVisible();
    await page.getByLabel(fiText('accounts.initialPassword')).fill(initial);
    await form.getByRole('button', { name: fiText('accounts.create') }).click();
    await expect(form.getByText(fiText('accounts.errors.emailTaken'))).toBeVisible();
    await expect(page.getByLabel(fiText('accounts.email'))).toBeFocused();
    await expectAccessibleAtBothWidths(page);

    // Typed with the keyboard from the address field on: the form works without a mouse.
    await page.getByLabel(fiText('accounts.email')).fill(email);
    await page.getByLabel(fiText('accounts.jobTitle')).fill('Sihteeri');
    await page.getByLabel(fiText('accounts.initialPassword')).press('Enter');
    await expect(toast(page, fiText('accounts.created', { email }))).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: email })).toContainText(
      'Sanna Sihteeri',
    );

    // The new account signs in with the initial password and changes it on My account.
    const context = await browser.newContext();
    const sanna = await context.newPage();
    await sanna.goto('/login');
    await logIn(sanna, email, initial);
    await expect(sanna.getByTestId('header-display-name')).toHaveText('Sanna Sihteeri');
    await sanna.getByRole('link', { name: fiText('nav.account') }).click();
    await expect(sanna.getByRole('heading', { level: 1 })).toHaveText(fiText('account.title'));
    await expectAccessibleAtBothWidths(sanna);

    const submit = sanna.getByRole('button', { name: fiText('account.changePassword') });
    await sanna.getByLabel(fiText('account.currentPassword')).fill('not-the-password');
    await sanna.getByLabel(fiText('account.newPassword'), { exact: true }).fill(chosen);
    await sanna.getByLabel(fiText('account.confirmPassword')).fill(`${chosen}x`);
    await submit.click();
    await expect(sanna.getByText(fiText('account.confirmMismatch'))).toBeVisible();
    await sanna.getByLabel(fiText('account.confirmPassword')).fill(chosen);
    await submit.click();
    await expect(sanna.getByText(fiText('accounts.errors.wrongCurrentPassword'))).toBeVisible();
    await expect(sanna.getByLabel(fiText('account.currentPassword'))).toBeFocused();
    await expectAccessibleAtBothWidths(sanna);
    await sanna.getByLabel(fiText('account.currentPassword')).fill(initial);
    await submit.click();
    await expect(toast(sanna, fiText('account.changed'))).toBeVisible();
    await expect(sanna.getByLabel(fiText('account.currentPassword'))).toHaveValue('');

    // Out, and in again: the old password is refused, the new one lets her in.
    await sanna.getByRole('button', { name: fiText('nav.logout') }).click();
    await expect(sanna.getByTestId('header-user')).toHaveCount(0);
    await sanna.goto('/login');
    await logIn(sanna, email, initial);
    await expect(sanna.getByTestId('login-error')).toHaveText(fiText('errors.invalidCredentials'));
    await sanna.goto('/login');
    await logIn(sanna, email, chosen);
    await expect(sanna.getByTestId('header-display-name')).toHaveText('Sanna Sihteeri');
    await context.close();

    // The administrator removes the account after asking; the list no longer has it.
    await page.reload();
    await list.getByRole('button', { name: fiText('accounts.removeNamed', { email }) }).click();
    const dialog = page.getByTestId('remove-account-dialog');
    await expect(dialog).toContainText(fiText('accounts.removeDialog.title', { email }));
    await expectAccessibleAtBothWidths(page);
    await dialog.getByRole('button', { name: fiText('accounts.removeDialog.confirm') }).click();
    await expect(toast(page, fiText('accounts.removed', { email }))).toBeVisible();
    await expect(list).not.toContainText(email);
    await expect(
      page.getByRole('heading', { name: fiText('accounts.listHeading'), exact: true }),
    ).toBeFocused();
  });
});
