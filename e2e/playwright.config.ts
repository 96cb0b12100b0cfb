import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signingRoutes } from '@esign/contract';
import { defineConfig } from '@playwright/test';
import {
  cscService,
  e2eDataDir,
  e2ePorts,
  e2eWebDistDir,
  mailboxUrl,
  portalUrl,
} from './support/services.ts';

const baseURL = portalUrl;
// One DATA_DIR for the run, known to every worker by its name (support/services.ts).
/** The web app as built when the run started (see below). */
const webDistDir = e2eWebDistDir;

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
  // The portal serves a copy of the build, so that a rebuild during the run (vite empties
  // dist first) does not take the pages away from under the tests.
  const builtWeb = fileURLToPath(new URL('../packages/web/dist', import.meta.url));
  if (!existsSync(join(builtWeb, 'index.html')))
    throw new Error('The web app is not built: run `npm run build` first.');
  rmSync(webDistDir, { recursive: true, force: true });
  cpSync(builtWeb, webDistDir, { recursive: true });
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
  webServer: [
    {
      // A real SMTP server: the portal's mail goes out over SMTP and the tests read it back.
      name: 'smtp-sink',
      command: 'node e2e/support/smtp-sink.ts',
      cwd: '..',
      url: `${mailboxUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The CSC test trust service for Qualified signatures; it prints its settings once it listens.
      name: 'csc',
      command: [
        'node packages/pades/test/support/csc-service-cli.ts',
        `--host 127.0.0.1 --port ${e2ePorts.csc}`,
        `--client-id ${cscService.clientId} --client-secret ${cscService.clientSecret}`,
        `--redirect-uri ${baseURL}${signingRoutes.qualifiedCallback}`,
        `--user '${cscService.signerEmail}:${cscService.signerName}'`,
      ].join(' '),
      cwd: '..',
      wait: { stdout: /^CSC_USERS=/m },
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'portal',
      command: 'node packages/server/src/server.ts',
      cwd: '..',
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(e2ePorts.portal),
        PUBLIC_URL: baseURL,
        DATA_DIR: e2eDataDir,
        WEB_DIST_DIR: webDistDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
        MAIL_FROM: 'eSign e2e <esign@e2e.example.com>',
        CSC_BASE_URL: cscService.baseUrl,
        CSC_OAUTH_URL: cscService.oauthUrl,
        CSC_CLIENT_ID: cscService.clientId,
        CSC_CLIENT_SECRET: cscService.clientSecret,
        // The groups' identifier field (HakaGroupId) is shown, so admin.spec.ts can set one.
        SHOW_HAKA_GROUP_ID: 'true',
        // webhooks.spec.ts points a webhook at a receiver of its own on 127.0.0.1 over http.
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOWED_HOSTS: 'public,127.0.0.1',
      },
    },
  ],
});
