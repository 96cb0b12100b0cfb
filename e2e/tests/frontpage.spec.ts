import { expect, test } from '@playwright/test';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  frontpageTitles,
  languages,
} from '../support/pages.ts';

test.describe('the front page', () => {
  test('is Finnish by default, follows the language switcher and keeps the choice over a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frontpageTitles.fi);
    await expect(page).toHaveTitle(frontpageTitles.fi);
    await expect(page.getByTestId('frontpage-intro')).not.toBeEmpty();

    await chooseLanguage(page, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frontpageTitles.en);
    await expect(page).toHaveTitle(frontpageTitles.en);

    await chooseLanguage(page, 'sv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frontpageTitles.sv);
    await expect(page).toHaveTitle(frontpageTitles.sv);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(frontpageTitles.sv);
    await expect(page.getByTestId('language-switcher')).toHaveValue('sv');
  });

  test('offers a skip link that moves focus to the main section', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // the app has started
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Siirry pääsisältöön' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('shows the footer links whose texts the operator supplied, and no others', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('footer-privacyPolicy')).toHaveText('Tietosuojaseloste');
    await expect(page.getByTestId('footer-privacyPolicy')).toHaveAttribute(
      'href',
      'https://example.org/privacy',
    );
    await expect(page.getByTestId('footer-accessibilityStatement')).toHaveCount(0);
    await expect(page.getByTestId('footer-organisationLink')).toHaveCount(0);
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('footer-privacyPolicy')).toHaveText('Privacy policy');
  });

  test('routes a deep link served cold to the login, keeping where it was going', async ({
    page,
  }) => {
    const response = await page.goto('/esign/edit/123');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL('/login?r=%2Fesign%2Fedit%2F123');
    await expect(page.getByTestId('login-link')).toHaveAttribute(
      'href',
      '/api/esign/Users/ExternalLogin?r=%2Fesign%2Fedit%2F123',
    );
  });

  for (const language of languages) {
    test(`has no serious accessibility violations in ${language}`, async ({ page }) => {
      await page.goto('/');
      await chooseLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(frontpageTitles[language]);
      await expectNoSeriousAxeViolations(page);
    });
  }
});
