import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { codeIn, mailAbout, signingLinkIn, waitForMail } from './mailbox.ts';
import { expectNoSeriousAxeViolations, type Language } from './pages.ts';

export const viewports = {
  phone: { width: 375, height: 800 },
  desktop: { width: 1280, height: 900 },
};

/** The subjects of the portal's English mail about a flow. */
export const subjects = {
  invitation: (flow: string) => `Signature request: ${flow}`,
  code: (flow: string) => `Your signing code for ${flow}`,
  rejected: (flow: string) => `Signature request ended: ${flow} was rejected`,
  cancelled: (flow: string) => `Signature request cancelled: ${flow}`,
  finished: (flow: string) => `Signed: ${flow}`,
  signedCopy: (flow: string) => `Signed document: ${flow}`,
};

interface SigningFixtures {
  /** Opens a signing link in a browser of its own, as the signer would; closed after the test. */
  openSigningPage: (link: string) => Promise<Page>;
}

export const test = base.extend<SigningFixtures>({
  openSigningPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (link) => {
      const context = await browser.newContext({ viewport: viewports.desktop });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByTestId('signing-page')).toBeVisible();
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

/** The personal link from the signer's invitation, once it has arrived. */
export async function invitationLink(email: string, flow: string): Promise<string> {
  return signingLinkIn(await waitForMail(email, subjects.invitation(flow)));
}

/** Asks for a one-time code and reads it from the mail that brings it. */
export async function askForCode(page: Page, email: string, flow: string): Promise<string> {
  const earlier = (await mailAbout(email, subjects.code(flow))).length;
  await page.getByRole('button', { name: 'Send me a code' }).click();
  return codeIn(await waitForMail(email, subjects.code(flow), earlier + 1));
}

export async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** The first page of the document is drawn: pdf.js has put the title's dark pixels on the canvas. */
export async function expectDocumentShown(page: Page) {
  const canvas = page.getByTestId('pdf-page-1').locator('canvas');
  await expect(canvas).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      () =>
        canvas.evaluate((element: HTMLCanvasElement) => {
          const context = element.getContext('2d');
          if (context === null || element.width === 0 || element.height === 0) return 0;
          const { data } = context.getImageData(0, 0, element.width, element.height);
          let dark = 0;
          for (let at = 0; at < data.length; at += 4)
            if ((data[at + 3] ?? 0) > 0 && (data[at] ?? 255) < 100) dark += 1;
          return dark;
        }),
      { message: 'dark pixels on the first page', timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

/** Identification by e-mail code, up to the document being shown. */
export async function identifyWithCode(page: Page, email: string, flow: string) {
  await enterCode(page, await askForCode(page, email, flow));
  await expectDocumentShown(page);
}

export async function expectTaskState(page: Page, state: string) {
  await expect(page.getByTestId('signing-state')).toHaveAttribute('data-state', state, {
    timeout: 20_000,
  });
}

/** Confirms having read the document and presses Sign. */
export async function pressSign(page: Page) {
  await page.getByRole('checkbox', { name: 'I have read the document' }).check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
}

export async function signDocument(page: Page) {
  await pressSign(page);
  await expectTaskState(page, 'Signed');
  await expect(page.getByRole('heading', { name: 'You have signed the document' })).toBeVisible();
}

export async function rejectDocument(page: Page, reason: string) {
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject the document' });
  await dialog.getByRole('textbox', { name: 'Reason for rejecting' }).fill(reason);
  await dialog.getByRole('button', { name: 'Reject the document' }).click();
  await expectTaskState(page, 'Rejected');
}

/** At the CSC test service's authorise page: types the code it shows and authorises. */
export async function authoriseAtTrustService(page: Page) {
  await expect(page).toHaveURL(/\/csc\/v2\/oauth2\/authorize/, { timeout: 15_000 });
  const code = (await page.locator('#otp-hint').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d+$/);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Authorise signature' }).click();
}

/** The signing page's own language switcher. */
export async function chooseSigningLanguage(page: Page, language: Language) {
  await page.getByTestId('signing-language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** axe-core at phone and at desktop width, ending at desktop width. */
export async function expectAccessibleAtBothWidths(page: Page) {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page);
  }
}
