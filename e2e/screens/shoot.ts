import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { languages, type Language } from '../support/pages.ts';

export const screenWidths = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const outDir = fileURLToPath(new URL('../screens-out', import.meta.url));

/** Stores the language the portal starts in, as the header's switcher would. */
export async function useLanguage(page: Page, language: Language) {
  await page.evaluate((lng) => localStorage.setItem('locale', lng), language);
}

/**
 * Opens one screen in every language at both widths and writes `<name>-<lng>-<width>.png`
 * (full page). `open` brings the page to the screen; it runs after the language is stored.
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
      await page.screenshot({
        path: join(outDir, `${name}-${language}-${width}.png`),
        fullPage: true,
      });
    }
  }
}
