import { expect, test } from '@playwright/test';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  languages,
  logIn,
} from '../support/pages.ts';
import { fiText } from '../support/locale.ts';

test.describe('logging in and out', () => {
  test('a user logs in, lands on the page first asked for, sees who they are, and logs out', async ({
    page,
  }) => {
    await page.goto('/esign/edit/123');
    await expect(page).toHaveURL('/login?r=%2Fesign%2Fedit%2F123');
    await logIn(page, 'user@example.com', 'user-demo');
    await expect(page).toHaveURL('/esign/edit/123');
    await expect(page.getByTestId('header-display-name')).toHaveText('Ulla User');
    await expect(page.getByTestId('header-organisation')).toHaveText(
      'Demo Organisation (DEMOFIHH)',
    );
    await expect(page.getByTestId('settings-menu')).toHaveCount(0);

    // A button, not a link: logging out is a POST that carries the XSRF header.
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByText('Sinut on kirjattu ulos.')).toBeVisible();
    await expect(page.getByTestId('header-user')).toHaveCount(0);

    // The provider's session ended too: logging in again asks for the password.
    await page.goto('/esign/edit/123');
    await page.getByTestId('login-link').click();
    await expect(page).toHaveURL(/\/idp-login\//);
  });

  test('the logout address opened from a link shows a logout button and logs out only when it is pressed', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, 'user2@example.com', 'user2-demo');
    await expect(page.getByTestId('header-display-name')).toHaveText('Ville Virtanen');

    // What a link or an image on another site would open: a page, not a logout.
    await page.goto('/api/esign/Users/ExternalLogout');
    await expect(page).toHaveURL('/logout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kirjaudu ulos');
    await expect(page.getByTestId('header-display-name')).toHaveText('Ville Virtanen');
    await expectNoSeriousAxeViolations(page);

    await page.getByTestId('logout-button').click();
    await expect(page.getByText('Sinut on kirjattu ulos.')).toBeVisible();
    await expect(page.getByTestId('header-user')).toHaveCount(0);
  });

  test('a wrong password is refused with a clear message', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, 'user2@example.com', 'not-the-password');
    await expect(page.getByTestId('login-error')).toHaveText(
      'Sähköpostiosoite tai salasana on väärin.',
    );
    await expect(page).toHaveURL(/\/idp-login\//);
  });

  test('the administrator sees the gear menu with exactly the items the config allows', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, 'admin@example.com', 'admin-demo');
    await expect(page.getByTestId('header-display-name')).toHaveText('Aino Admin');
    await page.getByTestId('settings-menu').click();
    const items = page.locator('.dropdown-menu.show .dropdown-item');
    await expect(items).toHaveText([
      'Organisaation tiedot',
      'Asetukset',
      'Raportit',
      'Henkilötietokyselyt',
      // The demo's login is the built-in one, whose accounts the administrator manages.
      'Käyttäjätilit',
      'Kirjaudu ulos',
    ]);
    await page.getByRole('link', { name: 'Raportit', exact: true }).click();
    await expect(page).toHaveURL('/reports');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  for (const path of ['/groups', '/settings', '/reports', '/personalreports']) {
    test(`a plain user on ${path} is told it is for administrators, with a way back`, async ({
      page,
    }) => {
      await page.goto('/login');
      await logIn(page, 'user@example.com', 'user-demo');
      await expect(page.getByTestId('header-display-name')).toHaveText('Ulla User');
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(fiText('noAccess.title'));
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('link', { name: fiText('noAccess.home') }).click();
      await expect(page).toHaveURL('/');
      await expect(page).toHaveTitle(`${fiText('signflow.list.title')} – Allekirjoitusportaali`);
    });
  }

  test('the demo accounts fit a phone without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await page.getByTestId('login-link').click();
    await expect(page.getByTestId('demo-accounts')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const language of languages) {
    test(`the login pages have no serious accessibility violations in ${language}`, async ({
      page,
    }) => {
      await page.goto('/');
      await chooseLanguage(page, language);
      await page.goto('/login?r=%2Fgroups');
      await expectNoSeriousAxeViolations(page);
      await page.getByTestId('login-link').click();
      await expect(page).toHaveURL(/\/idp-login\//);
      await expect(page.getByTestId('demo-accounts')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSeriousAxeViolations(page);
      await page.goto('/logout');
      await expectNoSeriousAxeViolations(page);
    });
  }

  test('the login form works by keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/idp-login\//);
    await page.getByLabel('Sähköpostiosoite').focus();
    await page.keyboard.type('user2@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('user2-demo');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('header-display-name')).toHaveText('Ville Virtanen');
    await expect(page).toHaveURL('/');
  });
});
