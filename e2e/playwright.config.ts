import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
/** One DATA_DIR for the run, known to every worker by its name. */
export const e2eDataDir = join(tmpdir(), `esign-e2e-${port}`);

// Only the main process prepares the data directory; workers evaluate this file too.
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(e2eDataDir, { recursive: true, force: true });
  mkdirSync(join(e2eDataDir, 'locales'), { recursive: true });
  // An operator's extra messages: one footer link, so the others must stay hidden.
  const footer = (text: string) => ({
    footer: { privacyPolicy: { text, url: 'https://example.org/privacy' } },
  });
  writeFileSync(
    join(e2eDataDir, 'locales', 'fi.json'),
    JSON.stringify(footer('Tietosuojaseloste')),
  );
  writeFileSync(join(e2eDataDir, 'locales', 'en.json'), JSON.stringify(footer('Privacy policy')));
  writeFileSync(
    join(e2eDataDir, 'locales', 'sv.json'),
    JSON.stringify(footer('Dataskyddsbeskrivning')),
  );
}

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    // Settled colours are what axe must judge, not a hover transition caught half-way.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx packages/server/src/server.ts',
    cwd: '..',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
    },
  },
});
