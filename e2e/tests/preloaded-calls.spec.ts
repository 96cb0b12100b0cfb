import { expect, type Page } from '@playwright/test';
import {
  draftThroughApi,
  logInAsSender,
  sendFlowThroughApi,
  signingLinkFromSender,
} from '../support/sender.ts';
import { test } from '../support/signing.ts';

/**
 * The page the server answers names the API calls its screen makes first
 * (packages/web/src/app/route-modules.ts), so that their answers load with the code. Each must
 * be the very call the app then makes: a browser takes a preloaded answer only for the same
 * URL asked the same way, and otherwise fetches it a second time.
 */

const run = Date.now().toString(36);

/** Every call the page made to the API, by path, from the moment it is opened. */
function recordCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || url.pathname === '/locales.json')
      calls.push(url.pathname + url.search);
  });
  return calls;
}

/** The calls the page names for preloading. */
const namedCalls = (page: Page) =>
  page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

/** How the browser fetched each named call: 'link' only, when the app took the preloaded answer. */
const fetchedAs = (page: Page, path: string) =>
  page.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === wanted)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    path,
  );

/** Named in index.html for every page: the start-up's calls. */
const startUpCalls = ['/api/config/common', '/api/esign/users/current', '/locales.json'];

async function expectEachNamedCallMadeOnce(page: Page, calls: string[], screenCalls: string[]) {
  const named = await namedCalls(page);
  expect(named).toEqual([...startUpCalls, ...screenCalls]);
  for (const path of named) {
    expect(
      calls.filter((call) => call === path),
      path,
    ).toHaveLength(1);
    expect(await fetchedAs(page, path), path).toEqual(['link']);
  }
}

test("the signer's page takes its task from the preloaded call", async ({ page, browser }) => {
  await logInAsSender(page);
  const email = `preload-${run}@example.com`;
  const flow = await sendFlowThroughApi(page, {
    name: `Esiladattu ${run}`,
    level: 'Low',
    process: 'Sequential',
    language: 'en',
    signers: [{ name: 'Preload Signer', email }],
  });
  const link = await signingLinkFromSender(page, flow, email);

  const context = await browser.newContext();
  const signer = await context.newPage();
  const calls = recordCalls(signer);
  await signer.goto(link);
  await expect(signer.getByTestId('signing-page')).toBeVisible();
  await expect(signer.getByText(`Esiladattu ${run}`).first()).toBeVisible();
  await expectEachNamedCallMadeOnce(signer, calls, [`/api/sign/${link.split('/').at(-1) ?? ''}`]);
  await context.close();
});

test('the editor takes the flow and its lists from the preloaded calls', async ({ page }) => {
  await logInAsSender(page);
  const name = `Esiladattu luonnos ${run}`;
  const guid = await draftThroughApi(page, {
    name,
    level: 'Low',
    process: 'Sequential',
    signers: [{ name: 'Draft Signer', email: `draft-${run}@example.com` }],
  });

  const calls = recordCalls(page);
  await page.goto(`/esign/edit/${guid}`);
  await expect(page.getByTestId('signflow-name')).toHaveValue(name);
  await expectEachNamedCallMadeOnce(page, calls, [
    `/api/esign/SignFlows/${guid}`,
    '/api/esign/SignFlows/allowedsignaturelevels',
    '/api/esign/SignFlows/allowedattachmentcontenttypes',
    '/api/esign/Roles/ListUserGroups',
    '/api/esign/Roles/ListUsers',
  ]);

  // A new draft has no flow to read: the page names only the lists.
  await page.goto('/esign/edit/new');
  await expect(page.getByTestId('signflow-name')).toBeVisible();
  expect(await namedCalls(page)).not.toContain('/api/esign/SignFlows/new');
});

test('the front page takes its text from the preloaded call', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const calls = recordCalls(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectEachNamedCallMadeOnce(page, calls, ['/api/config/info']);
  await context.close();
});
