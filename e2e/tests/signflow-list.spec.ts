import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { createDrafts } from '../support/api.ts';
import {
  actionsOf,
  desktop,
  expectNoSidewaysOverflow,
  focusedTestId,
  listViews,
  logInAs,
  openList,
  phone,
  rowNamed,
  useLanguage,
  viewOf,
} from '../support/list.ts';
import { expectNoSeriousAxeViolations, languages } from '../support/pages.ts';
import { listStates, longFlowName, seedFlowsInEveryState } from '../support/seed.ts';

const run = Date.now().toString(36);
/** The demo user's session, signed in once for the whole file. */
const signedIn = join(tmpdir(), `esign-e2e-list-${run}.json`);
const prefix = `Lista ${run}`;
test.describe('the list of sign flows, redesigned for work', () => {
  test.use({ storageState: signedIn });

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await logInAs(page, 'user@example.com', 'user-demo');
    // 60 flows, ten in each state: three pages of the default 20.
    await seedFlowsInEveryState(page, prefix, 10);
    await page.context().storageState({ path: signedIn });
    await page.close();
  });

  test('fits 1280×800 and 390×844 in fi, en and sv: nothing overflows sideways, and axe finds nothing serious', async ({
    page,
  }) => {
    // Nine axe runs of a few seconds each on a busy two-core machine.
    test.setTimeout(180_000);
    await page.goto('/');
    for (const language of languages) {
      await useLanguage(page, language);
      for (const size of [desktop, phone]) {
        await page.setViewportSize(size);
        // Each view has its own columns on a wide screen; the cards differ only in their dates.
        for (const view of size === desktop ? listViews : (['finished', 'all'] as const)) {
          await openList(page, `?view=${view}&pageSize=100`);
          await expectNoSidewaysOverflow(page, `${view} ${language} ${size.width}`);
        }
        // The first page of every state, with a row's menu open.
        await openList(page, '');
        await page.getByTestId('row-actions').first().click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNoSeriousAxeViolations(page, { experimental: true });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      }
      await page.setViewportSize(desktop);
      await page.getByTestId('column-chooser').click();
      await expect(page.getByTestId('column-Status')).toBeVisible();
      await expectNoSeriousAxeViolations(page, { experimental: true });
    }
  });

  test('keeps each row to one line on a wide screen; a long name is cut short, whole on hover and for screen readers, and links to its flow', async ({
    page,
  }) => {
    await page.goto('/');
    await page.setViewportSize(desktop);
    await openList(page, `?q=${encodeURIComponent(prefix)}&pageSize=100`);
    const heights = await page
      .getByTestId('signflow-row')
      .evaluateAll((rows) => rows.map((each) => each.getBoundingClientRect().height));
    expect(heights).toHaveLength(60);
    expect(Math.max(...heights)).toBeLessThan(48);
    await openList(page, `?q=${encodeURIComponent(longFlowName)}`);
    const longName = `${prefix} ${longFlowName} Sent 02`;
    const link = page.getByRole('link', { name: longName, exact: true });
    await expect(link).toHaveAttribute('title', longName);
    expect(await link.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await link.click();
    await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
    // A sent flow opens its flow page, named in full.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(longName);
  });

  test('shows the signers with their progress and whom a flow waits for', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.setViewportSize(desktop);
    await openList(page, `?view=sent&q=${encodeURIComponent(`${prefix} Työsopimus Sent 08`)}`);
    // Four signers, the first of whom signed.
    const sent = rowNamed(page, `${prefix} Työsopimus Sent 08`);
    await expect(sent).toContainText('1/4');
    await expect(sent).toContainText('Waiting for: Pekka Puupää, Liisa Laine, Ville Virtanen');
    await expect(sent.getByText('1 of 4 signed')).toBeAttached();
    await openList(
      page,
      `?view=rejected&q=${encodeURIComponent(`${prefix} Työsopimus Rejected 08`)}`,
    );
    await expect(page.getByTestId('signflow-row')).toContainText('Rejected by: Pekka Puupää');
  });

  test('reaches every action of every state by keyboard on a wide screen', async ({ page }) => {
    await page.goto('/');
    await page.setViewportSize(desktop);
    for (const status of listStates) {
      const name = `${prefix} Vuokrasopimus ${status} 07`;
      await openList(page, `?view=${viewOf[status]}&q=${encodeURIComponent(name)}`);
      await rowNamed(page, name).getByTestId('signflow-row-name').focus();
      await page.keyboard.press('Tab');
      expect(await focusedTestId(page), status).toBe('row-actions');
      await page.keyboard.press(status === 'Draft' ? 'Space' : 'Enter');
      const reached: Array<string | null> = [await focusedTestId(page)];
      for (let step = 1; step < actionsOf(status).length; step += 1) {
        await page.keyboard.press('ArrowDown');
        reached.push(await focusedTestId(page));
      }
      expect(reached, status).toEqual(actionsOf(status).map((action) => `row-action-${action}`));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      expect(await focusedTestId(page)).toBe('row-actions');
    }
    // An action chosen from the keyboard does what it says.
    const sentName = `${prefix} Vuokrasopimus Sent 07`;
    await openList(page, `?view=sent&q=${encodeURIComponent(sentName)}`);
    await page.getByTestId('row-actions').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cancel-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cancel-dialog')).toBeHidden();
  });

  test('reaches every action of every state by touch on a phone, in menus that stay on the screen', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: phone,
      hasTouch: true,
      isMobile: true,
      storageState: signedIn,
    });
    const page = await context.newPage();
    for (const status of listStates) {
      const name = `${prefix} Salassapitosopimus ${status} 10`;
      await openList(page, `?view=${viewOf[status]}&q=${encodeURIComponent(name)}`);
      await rowNamed(page, name).getByTestId('row-actions').tap();
      for (const action of actionsOf(status)) {
        const item = page.getByTestId(`row-action-${action}`);
        await expect(item).toBeInViewport({ ratio: 1 });
      }
      await expect(page.getByRole('menuitem')).toHaveCount(actionsOf(status).length);
      if (status === 'Draft') {
        await page.getByTestId('row-action-delete').tap();
        await expect(page.getByTestId('delete-dialog')).toBeVisible();
        await page.getByTestId('delete-dialog').getByRole('button', { name: 'Peruuta' }).tap();
      } else if (status === 'Sent') {
        await page.getByTestId('row-action-link').tap();
        await expect(page.getByTestId('link-dialog')).toBeVisible();
        await page.getByTestId('link-dialog').getByRole('button', { name: 'Sulje' }).first().tap();
      } else {
        await page.getByTestId('row-action-view').tap();
        await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
      }
    }
    await context.close();
  });

  test('offers all ten sort columns on a phone, either way', async ({ page }) => {
    await page.goto('/');
    await page.setViewportSize(phone);
    await openList(page, `?q=${encodeURIComponent(prefix)}`);
    const select = page.getByTestId('sort-select');
    const columns = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(columns).toEqual([
      'Name',
      'Status',
      'CreationDate',
      'LastModifiedDate',
      'SentToSignersDate',
      'CancelledDate',
      'FinishedDate',
      'RejectedDate',
      'AutoDeleteDate',
      'ExpiryDate',
    ]);
    const firstCard = page.getByTestId('signflow-row').first();
    await select.selectOption('Name');
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'Name');
    await expect(firstCard.getByTestId('signflow-row-name')).toHaveText(
      `${prefix} Hankintapäätös Cancelled 03`,
    );
    await page.getByTestId('sort-order').selectOption('desc');
    await expect(firstCard.getByTestId('signflow-row-name')).toHaveText(
      `${prefix} Vuokrasopimus Sent 07`,
    );
    for (const column of columns.slice(1)) {
      await select.selectOption(column);
      // The default column (the latest change) is left out of the URL.
      await expect(page).toHaveURL(
        (url) => (url.searchParams.get('sort') ?? 'LastModifiedDate') === column,
      );
      await expect(page.getByTestId('signflow-list')).toHaveAttribute('aria-busy', 'false');
    }
    // A card shows the date it is sorted by.
    await select.selectOption('AutoDeleteDate');
    await page.getByTestId('sort-order').selectOption('desc');
    await expect(firstCard.locator('dt')).toContainText(['Automaattinen poistopäivä']);
    await expect(page.getByTestId('pagination')).toBeVisible();
    const pagination = await page.getByTestId('pagination').locator('ul').boundingBox();
    expect(pagination?.height).toBeLessThan(50); // one line
  });

  test('shows the columns each view can fill, keeps a choice per user and shows a column sorted by', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.setViewportSize(desktop);
    const headers = (where: Locator) => where.locator('thead th').allInnerTexts();
    const table = page.getByTestId('signflow-list');
    await openList(page, '?view=drafts');
    expect((await headers(table)).map((text) => text.replace(/[↕↑↓]/g, '').trim())).toEqual([
      'Name',
      'Status',
      'Signers',
      'Created',
      'Last modified',
      'Auto-delete date',
      'Actions',
    ]);
    await openList(page, '?view=finished');
    await expect(page.getByTestId('sort-FinishedDate')).toBeVisible();
    await expect(page.getByTestId('sort-RejectedDate')).toHaveCount(0);

    // Hidden columns stay sortable: sorting by one shows it.
    await openList(page, '?view=drafts&sort=FinishedDate');
    await expect(page.getByTestId('sort-FinishedDate')).toBeVisible();

    await openList(page, '?view=drafts');
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-SentToSignersDate').check();
    await page.getByTestId('column-Signers').uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('column-SentToSignersDate')).toBeHidden();
    await expect(page.getByTestId('column-chooser')).toBeFocused();
    await page.reload();
    await expect(page.getByTestId('sort-SentToSignersDate')).toBeVisible();
    await expect(table.locator('thead')).not.toContainText('Signers');
    await openList(page, '?view=sent');
    await expect(table.locator('thead')).toContainText('Signers'); // another view keeps its own

    const userId = (
      (await (await page.request.get('/api/esign/users/current')).json()) as {
        UserId: string;
      }
    ).UserId;
    const stored = await page.evaluate(
      (key) => localStorage.getItem(key),
      `esign.signflowList.columns.${userId}`,
    );
    expect(JSON.parse(stored ?? '{}')).toEqual({
      drafts: ['Status', 'CreationDate', 'LastModifiedDate', 'SentToSignersDate', 'AutoDeleteDate'],
    });

    // Another user of the same browser has their own columns.
    await page.context().clearCookies();
    await logInAs(page, 'user2@example.com', 'user2-demo');
    await createDrafts(page, [`${prefix} Ville's draft`]);
    await openList(page, '?view=drafts');
    await expect(page.getByTestId('sort-CreationDate')).toBeVisible();
    await expect(page.getByTestId('sort-SentToSignersDate')).toHaveCount(0);

    await page.context().clearCookies();
    await logInAs(page, 'user@example.com', 'user-demo');
    await openList(page, '?view=drafts');
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-reset').click();
    await expect(page.getByTestId('sort-SentToSignersDate')).toHaveCount(0);
    await expect(table.locator('thead')).toContainText('Signers');
  });
});
