import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

export const languages = ['fi', 'en', 'sv'] as const;
export type Language = (typeof languages)[number];

export const frontpageTitles: Record<Language, string> = {
  fi: 'Allekirjoitusportaali',
  en: 'Signing portal',
  sv: 'Signeringsportal',
};

/** Chooses a language with the header's switcher, as a user would. */
export async function chooseLanguage(page: Page, language: Language) {
  await page.getByTestId('language-switcher').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** axe-core's experimental rules (label-content-name-mismatch and others), off unless asked for. */
const experimentalAxeRules = Object.fromEntries(
  axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]),
);

/**
 * axe-core in the real browser: no serious or critical violations allowed. Its default rules
 * (WCAG A and AA, best practices) run with the AAA rule of enhanced contrast
 * (`color-contrast-enhanced`: 7:1, 4.5:1 for large text), which the theme meets everywhere.
 * With `experimental`, axe's experimental rules run too. A contrast failure names its colours.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  { experimental = false }: { experimental?: boolean } = {},
) {
  expect(await seriousAxeViolations(page, { experimental })).toEqual([]);
}

/** axe's serious and critical violations on the page, one line each (`rule: node, node`). */
export async function seriousAxeViolations(
  page: Page,
  { experimental = false }: { experimental?: boolean } = {},
) {
  const builder = new AxeBuilder({ page });
  builder.options({
    rules: {
      'color-contrast-enhanced': { enabled: true },
      ...(experimental ? experimentalAxeRules : {}),
    },
  });
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')}${contrastOf(node)}`).join(', ')}`,
    );
}

/** For a contrast failure, its colours and ratio as axe measured them (` (#fff on #0b4f8a, 8.4)`). */
function contrastOf(node: axe.NodeResult) {
  const data = node.any.find((check) => check.id.startsWith('color-contrast'))?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor
    ? ` (${data.fgColor} on ${data.bgColor ?? '?'}, ${data.contrastRatio ?? '?'})`
    : '';
}

/** Logs in through the login page and the built-in provider's form. */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByTestId('login-link').click();
  await logInAtProvider(page, email, password);
}

/** Fills in and submits the built-in provider's login form, in any of its languages. */
export async function logInAtProvider(page: Page, email: string, password: string) {
  await expect(page).toHaveURL(/\/idp-login\//);
  await page.getByLabel(/Sähköpostiosoite|E-mail address|E-postadress/).fill(email);
  await page.getByLabel(/Salasana|Password|Lösenord/).fill(password);
  await page.getByRole('button', { name: /Kirjaudu sisään|Log in|Logga in/ }).click();
}
