import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { languages, seriousAxeViolations, type Language } from '../support/pages.ts';

export const screenWidths = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const outDir = fileURLToPath(new URL('../screens-out', import.meta.url));

interface Catalogue {
  [key: string]: string | Catalogue;
}
const catalogue = (language: Language) =>
  JSON.parse(
    readFileSync(
      new URL(`../../packages/web/src/locales/${language}.json`, import.meta.url),
      'utf8',
    ),
  ) as Catalogue;
const flatten = (node: Catalogue, prefix = ''): Array<[string, string]> =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flatten(value, `${prefix}${key}.`),
  );
const english = new Map(flatten(catalogue('en')));
/** English texts whose translation differs: shown whole on a fi or sv page, they were missed. */
const untranslatedIn = (language: Language) => {
  const own = new Map(flatten(catalogue(language)));
  return [...english]
    .filter(([key, text]) => own.get(key) !== text && !text.includes('{{') && text.length > 3)
    .map(([, text]) => text);
};

/**
 * What a person would see wrong without reading: the page wider than the screen (and the
 * elements that stick out), catalogue keys shown raw, and English texts on a fi or sv page;
 * and what axe finds serious (every rule, the experimental ones and AAA contrast included).
 */
async function findProblems(page: Page, language: Language) {
  const english = language === 'en' ? [] : untranslatedIn(language);
  const found = await page.evaluate((englishTexts) => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const sticking = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== 'fixed'
        );
      })
      .filter((element) => element.closest('.table-responsive, .signflow-list__frame') === null)
      .map(
        (element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`,
      )
      .slice(0, 5);
    const text = document.body.innerText;
    // Codes shown on purpose (a webhook event's type, such as signflow.sent) are not raw keys.
    const codes = new Set(Array.from(document.querySelectorAll('code'), (code) => code.innerText));
    const rawKeys = text.match(
      /\b(?:common|nav|signflow|signing|groups|settings|reports|accounts?|verify|devMail|validation|errors|dialogs|login|idpLogin|personalReports|frontpage|notFound|noAccess|dateInput|header|footer|roleType|templates)\.[A-Za-z]+(?:\.[A-Za-z]+)*/g,
    );
    const lines = new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
    const labels = Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title]'),
    ).flatMap((element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
    );
    for (const label of labels) if (label) lines.add(label.trim());
    const untranslated = englishTexts.filter((english) => lines.has(english));
    return {
      overflow: root.scrollWidth - width,
      sticking,
      rawKeys: [...new Set(rawKeys ?? [])].filter((key) => !codes.has(key)),
      untranslated,
    };
  }, english);
  return { ...found, axe: await seriousAxeViolations(page, { experimental: true }) };
}

/** Stores the language the portal starts in, as the header's switcher would. */
export async function useLanguage(page: Page, language: Language) {
  await page.evaluate((lng) => localStorage.setItem('locale', lng), language);
}

/**
 * Opens one screen in every language at both widths and writes `<name>-<lng>-<width>.png`
 * (full page, or the screen when a dialog is open). `open` brings the page to the screen; it runs after the language is stored.
 */
export async function shootEverywhere(
  page: Page,
  name: string,
  open: (page: Page, language: Language) => Promise<void>,
) {
  mkdirSync(outDir, { recursive: true });
  for (const language of languages) {
    for (const [width, size] of Object.entries(screenWidths)) {
      await page.setViewportSize(size);
      await useLanguage(page, language);
      await open(page, language);
      await page.waitForLoadState('networkidle');
      // An open dialog is shot as the screen shows it: a full-page shot stretches the page
      // under a backdrop that covers only the screen.
      const dialogOpen = (await page.locator('.modal.show').count()) > 0;
      await page.screenshot({
        path: join(outDir, `${name}-${language}-${width}.png`),
        fullPage: !dialogOpen,
      });
      const problems = await findProblems(page, language);
      if (
        problems.overflow > 0 ||
        problems.rawKeys.length > 0 ||
        problems.untranslated.length > 0 ||
        problems.axe.length > 0
      ) {
        mkdirSync(join(outDir, 'problems'), { recursive: true });
        writeFileSync(
          join(outDir, 'problems', `${name}-${language}-${width}.json`),
          JSON.stringify(problems, null, 2),
        );
      }
    }
  }
}
