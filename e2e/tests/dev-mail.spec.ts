import { expect, type Page } from '@playwright/test';
import { startDevMailPortal, type DevMailPortal } from '../support/dev-mail-portal.ts';
import { signWithDevMailCode, waitForDevMail } from '../support/dev-mailbox.ts';
import { chooseLanguage, expectNoSeriousAxeViolations, logIn } from '../support/pages.ts';
import { sendFlowThroughApi, type FlowToSend } from '../support/sender.ts';
import { test, viewports } from '../support/signing.ts';

const run = Date.now().toString(36);
let portal: DevMailPortal | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  portal = await startDevMailPortal();
});
test.afterAll(async () => {
  await portal?.stop();
});

const portalUrl = () => {
  if (portal === undefined) throw new Error('the dev-mail portal is not running');
  return portal.url;
};

const flowTo = (name: string, email: string): FlowToSend => ({
  name: `${name} ${run}`,
  level: 'Low',
  process: 'Concurrent',
  language: 'en',
  signers: [{ name: 'Dev Signer', email }],
});

/** Where the open message sits against the list: beside it, or under it. */
async function messagePlacement(page: Page) {
  const list = await page.getByTestId('dev-mail-list').boundingBox();
  const message = await page.getByTestId('dev-mail-message').boundingBox();
  if (list === null || message === null) throw new Error('list or message not shown');
  return message.x >= list.x + list.width ? 'beside' : message.y >= list.y ? 'below' : 'elsewhere';
}

test.describe('the dev mailbox', () => {
  test.describe.configure({ timeout: 120_000 });

  test('lists messages compactly, newest first, with the open one beside or below, filtered by recipient and usable by keyboard', async ({
    page,
    openSigningPage,
  }) => {
    const anna = `anna.${run}@example.com`;
    const bertil = `bertil.${run}@example.com`;
    await page.goto(`${portalUrl()}/login`);
    await logIn(page, 'user@example.com', 'user-demo');
    await expect(page.getByTestId('signflow-create')).toBeVisible();
    await chooseLanguage(page, 'en');
    const signed = flowTo('Mailbox signed', anna);
    await sendFlowThroughApi(page, signed, portalUrl());
    await sendFlowThroughApi(page, flowTo('Mailbox waiting', bertil), portalUrl());
    const invitation = await waitForDevMail(portalUrl(), anna, 'Signature request');
    const link = /https?:\/\/\S+\/sign\/[A-Za-z0-9_-]{43}/.exec(invitation.Text)?.[0] ?? '';
    const signing = await openSigningPage(link);
    await signWithDevMailCode(signing, portalUrl(), anna, signed.name);
    await waitForDevMail(portalUrl(), anna, `Signed document: ${signed.name}`);

    await page.goto(`${portalUrl()}/dev/mail`);
    const rows = page.getByTestId('dev-mail-row');
    await expect(rows.first()).toBeVisible();
    // Newest first.
    const times = await rows
      .locator('time')
      .evaluateAll((all) => all.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The newest is open at once.
    const firstSubject =
      (await rows.first().locator('.dev-mail-list__subject').textContent()) ?? '';
    await expect(
      page.getByTestId('dev-mail-message').getByRole('heading', { level: 2 }),
    ).toHaveText(firstSubject);

    // The filter keeps one recipient's messages; the address stays in the page's address.
    await page.getByTestId('dev-mail-filter').fill(`anna.${run}`);
    await expect(page).toHaveURL((url) => url.searchParams.get('to') === `anna.${run}`);
    await expect(rows.filter({ hasText: bertil })).toHaveCount(0);
    await expect(rows.filter({ hasText: anna })).toHaveCount(await rows.count());
    await expect(page.getByTestId('dev-mail-count')).toContainText('Showing');

    // A message with an attachment: its name and size, its links.
    await rows.filter({ hasText: `Signed document: ${signed.name}` }).click();
    const message = page.getByTestId('dev-mail-message');
    await expect(message.getByRole('heading', { level: 2 })).toHaveText(
      `Signed document: ${signed.name}`,
    );
    await expect(message.getByTestId('dev-mail-attachments')).toHaveText(
      /^Vuokrasopimus\.pdf \(\d+(\.\d)? kB\)$/,
    );
    await expect(message.getByRole('link', { name: /\/signed\// })).toBeVisible();

    // Keyboard: one Tab stop in the list (the open row); the arrow keys, Home and End move and open.
    const heading = message.getByRole('heading', { level: 2 });
    const subjectOf = async (index: number) =>
      (await rows.nth(index).locator('.dev-mail-list__subject').textContent()) ?? '';
    await page.locator('[data-testid="dev-mail-row"][aria-current="true"]').focus();
    await page.keyboard.press('Home');
    await expect(rows.first()).toBeFocused();
    await expect(rows.first()).toHaveAttribute('aria-current', 'true');
    await expect(heading).toHaveText(await subjectOf(0));
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(rows.first()).toHaveAttribute('tabindex', '-1');
    await expect(heading).toHaveText(await subjectOf(1));

    // On a phone the message is below the list: choosing one takes the reader to it.
    await page.setViewportSize(viewports.phone);
    await rows.first().click();
    await expect(heading).toBeFocused();
    await expect(heading).toHaveText(await subjectOf(0));

    for (const [viewport, placement] of [
      [viewports.phone, 'below'],
      [viewports.desktop, 'beside'],
    ] as const) {
      await page.setViewportSize(viewport);
      expect(await messagePlacement(page)).toBe(placement);
      await expectNoSeriousAxeViolations(page);
    }
  });
});
