import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Screenshots for a person to look at (`npm run screens`, or `-- --grep list` for some):
 * every screen at 1280×800 and 390×844 in fi, en and sv, written to e2e/screens-out/.
 * Not a test: nothing here is asserted beyond reaching the screen.
 */
export default defineConfig({
  ...base,
  testDir: './screens',
  testMatch: '**/*.screens.ts',
  timeout: 300_000,
  // Only screens are made here, often beside other work on a small machine: a slow screen is
  // waited for rather than missed.
  expect: { timeout: 20_000 },
  outputDir: './screens-out/.playwright',
});
