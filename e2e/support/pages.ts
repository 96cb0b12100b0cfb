import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
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

/**
 * The WCAG contrast of an element's text against the first background behind it that is
 * not see-through. axe leaves text of the same colour as its background (1:1) "incomplete",
 * not a violation, so text that cannot be seen at all needs this check.
 */
export async function contrastOfText(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgba = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    let background = [255, 255, 255];
    for (let node: Element | null = element; node !== null; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if ((colour[3] ?? 1) > 0) {
        background = colour;
        break;
      }
    }
    const [high, low] = [
      luminance(rgba(getComputedStyle(element).color)),
      luminance(background),
    ].sort((a, b) => b - a);
    return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
  });
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
