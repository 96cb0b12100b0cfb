import { apiTokenPattern } from '@esign/contract';
import { expect, request, test, type Page } from '@playwright/test';
import { logInAsAdmin } from '../support/admin.ts';
import { fiText, textIn } from '../support/locale.ts';
import {
  chooseLanguage,
  contrastOfText,
  expectNoSeriousAxeViolations,
  languages,
  logIn,
  type Language,
} from '../support/pages.ts';
import { portalUrl } from '../support/services.ts';
import { screenWidths } from '../screens/shoot.ts';

const run = Date.now().toString(36);

/** axe with every rule, experimental ones too, at the phone and the desktop width. */
async function expectAccessibleAtBothWidths(page: Page) {
  await page.setViewportSize(screenWidths.phone);
  await expectNoSeriousAxeViolations(page, { experimental: true });
  await page.setViewportSize(screenWidths.desktop);
  await expectNoSeriousAxeViolations(page, { experimental: true });
}

/** An integration's call: the token alone, no cookies of the browser. */
async function listFlowsWith(token: string): Promise<number> {
  const integration = await request.newContext({ baseURL: portalUrl });
  try {
    const response = await integration.get('/api/esign/SignFlows', {
      headers: { authorization: `Bearer ${token}` },
    });
    return response.status();
  } finally {
    await integration.dispose();
  }
}

test.describe('the API access page', () => {
  // Three languages, each with a login, a token made, used and revoked, and axe at two widths.
  test.describe.configure({ timeout: 180_000 });

  for (const language of languages) {
    test(`a user makes a token, sees it once, uses it and revokes it (${language})`, async ({
      page,
      context,
    }) => {
      const text = (key: string, values: Record<string, string | number> = {}) =>
        textIn(language as Language, key, values);
      const name = `HR-${language}-${run}`;
      await context.grantPermissions(['clipboard-write']);
      await page.goto('/login');
      await logIn(page, 'user@example.com', 'user-demo');
      await expect(page.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });
      await chooseLanguage(page, language);

      await page.getByRole('link', { name: text('nav.apiAccess') }).click();
      await expect(page).toHaveURL('/api-access');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('apiTokens.title'));
      await expect(page).toHaveTitle(new RegExp(`^${text('apiTokens.title')} – `));
      await expectAccessibleAtBothWidths(page);

      // The form: no reports for a non-administrator, the most days shown, errors at the fields.
      await page.getByRole('button', { name: text('apiTokens.create') }).click();
      const dialog = page.getByTestId('api-token-dialog');
      await expect(dialog.getByRole('heading')).toHaveText(text('apiTokens.form.title'));
      await expect(dialog.getByLabel(text('apiTokens.scopes.reportsRead'))).toHaveCount(0);
      await expect(dialog).toContainText(text('apiTokens.form.daysHelp', { max: 365 }));
      await dialog.getByLabel(text('apiTokens.form.days')).fill('400');
      await dialog.getByRole('button', { name: text('apiTokens.form.submit') }).click();
      await expect(dialog).toContainText(text('validation.required'));
      await expect(dialog).toContainText(text('apiTokens.errors.expiryTooLong', { n: 365 }));
      await expect(dialog.getByLabel(text('apiTokens.form.name'))).toBeFocused();
      await expectAccessibleAtBothWidths(page);

      await dialog.getByLabel(text('apiTokens.form.name')).fill(name);
      await dialog.getByLabel(text('apiTokens.form.days')).fill('30');
      await dialog.getByLabel(text('apiTokens.scopes.signflowsWrite')).check();
      await dialog.getByRole('button', { name: text('apiTokens.form.submit') }).click();

      // Shown once, with the warning, and copied to the clipboard.
      const shown = page.getByTestId('api-token-shown');
      await expect(shown).toContainText(text('apiTokens.shown.warning'));
      const token = (await page.getByTestId('api-token-value').textContent()) ?? '';
      expect(token).toMatch(apiTokenPattern);
      await expectAccessibleAtBothWidths(page);
      await shown.getByRole('button', { name: text('secret.copy') }).click();
      await expect(shown.getByRole('status')).toHaveText(text('secret.copied'));
      await shown.getByRole('button', { name: text('secret.done') }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: text('apiTokens.create') })).toBeFocused();

      const own = page.getByTestId('api-tokens-own');
      const item = own.getByRole('listitem').filter({ hasText: name });
      await expect(item).toContainText(text('apiTokens.neverUsed'));
      // Each scope the token was given, by its name in the page's language, readable (7:1).
      const scopes = item.getByRole('list').getByRole('listitem');
      await expect(scopes).toHaveText([
        text('apiTokens.scopes.signflowsRead'),
        text('apiTokens.scopes.signflowsWrite'),
      ]);
      for (const scope of await scopes.all())
        expect(await contrastOfText(scope.locator('.badge'))).toBeGreaterThanOrEqual(7);
      await expect(page.getByText(token)).toHaveCount(0);

      // An integration uses it; the page tells when and from where.
      expect(await listFlowsWith(token)).toBe(200);
      await page.reload();
      await expect(item).toContainText('127.0.0.1');
      await expectAccessibleAtBothWidths(page);

      // Revoked after asking: gone from the list, and refused at once.
      await item.getByRole('button', { name: text('apiTokens.revokeNamed', { name }) }).click();
      const revoke = page.getByTestId('revoke-api-token-dialog');
      await expect(revoke).toContainText(text('apiTokens.revokeDialog.title', { name }));
      await expectAccessibleAtBothWidths(page);
      await revoke.getByRole('button', { name: text('apiTokens.revokeDialog.confirm') }).click();
      await expect(
        page.locator('.toast').filter({ hasText: text('apiTokens.revoked', { name }) }),
      ).toBeVisible();
      await expect(own).not.toContainText(name);
      await expect(page.getByRole('heading', { name: text('apiTokens.ownHeading') })).toBeFocused();
      expect(await listFlowsWith(token)).toBe(401);
    });
  }

  test('an administrator sees every token with its owner and revokes another user’s', async ({
    page,
    browser,
  }) => {
    const name = `Opintohallinto-${run}`;
    // The user makes a token in a browser of their own.
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await userPage.goto('/login');
    await logIn(userPage, 'user@example.com', 'user-demo');
    await expect(userPage.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });
    const created = await userPage.evaluate(async (tokenName) => {
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch('/api/esign/ApiTokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
        body: JSON.stringify({ Name: tokenName, ExpiresInDays: 7, Scopes: ['signflows:read'] }),
      });
      return (await response.json()) as { Token: string };
    }, name);
    await userContext.close();

    await logInAsAdmin(page);
    await page.getByRole('link', { name: fiText('nav.apiAccess') }).click();
    const all = page.getByTestId('api-tokens-all');
    const item = all.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(
      fiText('apiTokens.owner', { name: 'Ulla User', email: 'user@example.com' }),
    );
    await expect(page.getByTestId('api-tokens-own')).not.toContainText(name);
    await page.getByRole('button', { name: fiText('apiTokens.create') }).click();
    await expect(
      page.getByTestId('api-token-dialog').getByLabel(fiText('apiTokens.scopes.reportsRead')),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await page
      .getByTestId('api-token-dialog')
      .getByRole('button', { name: fiText('common.cancel') })
      .click();

    await item.getByRole('button', { name: fiText('apiTokens.revokeNamed', { name }) }).click();
    await page
      .getByTestId('revoke-api-token-dialog')
      .getByRole('button', { name: fiText('apiTokens.revokeDialog.confirm') })
      .click();
    await expect(all).not.toContainText(name);
    await expect(page.getByRole('heading', { name: fiText('apiTokens.allHeading') })).toBeFocused();
    expect(await listFlowsWith(created.Token)).toBe(401);
  });
});
