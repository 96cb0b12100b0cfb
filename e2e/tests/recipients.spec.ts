import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { makeUserFiles } from '../support/files.ts';
import { xsrfHeaders } from '../support/list.ts';
import { codeIn, mailTo, waitForMail } from '../support/mailbox.ts';
import { chooseLanguage, languages, type Language } from '../support/pages.ts';
import { logInAsSender, startNewFlow } from '../support/sender.ts';
import { pdfsigVerdicts } from '../support/signed-pdf.ts';
import {
  chooseSigningLanguage,
  enterCode,
  expectAccessibleAtBothWidths,
  expectDocumentShown,
  signDocument,
  test,
  viewports,
} from '../support/signing.ts';

const run = Date.now().toString(36);

/** What each language's mail and pages say, as the recipients see them. */
const words = {
  fi: {
    copySent: 'Tiedoksi: ',
    viewerInvitation: 'Asiakirja luettavaksesi: ',
    copyFinished: 'Allekirjoitettu asiakirja: ',
    addCopyRecipient: 'Lisää kopion saaja',
    purpose: 'Olet sen katselija: et allekirjoita sitä.',
    opened: 'Avasi asiakirjan',
    ended: 'Tämä linkki on päättynyt',
  },
  en: {
    copySent: 'For your information: ',
    viewerInvitation: 'A document for you to read: ',
    copyFinished: 'Signed document: ',
    addCopyRecipient: 'Add copy recipient',
    purpose: 'You are its viewer: you do not sign it.',
    opened: 'Opened the document',
    ended: 'This link has ended',
  },
  sv: {
    copySent: 'För kännedom: ',
    viewerInvitation: 'Ett dokument att läsa: ',
    copyFinished: 'Undertecknat dokument: ',
    addCopyRecipient: 'Lägg till kopiemottagare',
    purpose: 'Du är dess läsare: du undertecknar det inte.',
    opened: 'Öppnade dokumentet',
    ended: 'Den här länken har upphört',
  },
} as const;

const linkIn = (text: string, kind: 'sign' | 'view' | 'copy') => {
  const link = new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]{43}(?=\\s|$)`).exec(text)?.[0];
  if (link === undefined) throw new Error(`no /${kind}/ link in: ${text}`);
  return link;
};

/** Adds one person to a list with the keyboard only: the button, then the fields it focuses. */
async function addWithKeyboard(page: Page, testId: string, name: string, email: string) {
  await page.getByTestId(`add-${testId}`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`${testId}-name-0`)).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId(`${testId}-email-0`)).toBeFocused();
  await page.keyboard.type(email);
}

/** The signer, on a page of their own in English, asks for a code, enters it and signs. */
async function signAs(page: Page, link: string, email: string) {
  await page.goto(link);
  await chooseSigningLanguage(page, 'en');
  const before = (await mailTo(email)).length;
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 20_000 }).toBe(before + 1);
  const last = (await mailTo(email)).at(-1);
  if (last === undefined) throw new Error(`no code mail to ${email}`);
  await enterCode(page, codeIn(last));
  await expectDocumentShown(page);
  await signDocument(page);
}

test.describe('copy recipients and viewers', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const language of languages) {
    test(`in ${language}: a copy recipient gets the signed file, a viewer can read but not sign`, async ({
      page,
      browser,
    }) => {
      const said = words[language as Language];
      const name = `Tiedoksi ${language} ${run}`;
      const to = {
        signer: `allekirjoittaja.${language}.${run}@example.com`,
        copy: `kopio.${language}.${run}@example.com`,
        viewer: `katselija.${language}.${run}@example.com`,
      };

      // The sender writes the flow in the edit screen, in the language under test.
      await logInAsSender(page);
      await chooseLanguage(page, language);
      await startNewFlow(page, name);
      await page.getByTestId('signfile-input').setInputFiles(makeUserFiles().contract);
      await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
      await page.getByTestId('signature-level').selectOption('Low');
      await page.getByTestId('message-language').selectOption(language);
      await page.getByTestId('add-signer').click();
      await page.getByTestId('signer-name-0').fill('Allekirjoittaja');
      await page.getByTestId('signer-email-0').fill(to.signer);
      const section = page.getByTestId('recipients-section');
      await expect(section.getByRole('button', { name: said.addCopyRecipient })).toBeVisible();
      await addWithKeyboard(page, 'copy-recipient', 'Kopion Saaja', to.copy);
      await addWithKeyboard(page, 'viewer', 'Katja Katselija', to.viewer);
      await expectAccessibleAtBothWidths(page);
      const flowPage = new URL(page.url()).pathname;
      await page.getByTestId('send-to-sign').click();
      await page.getByTestId('confirm-send').click();
      // Sent, the list shows; the flow's own page lists who was told.
      await expect(page.getByTestId('signflow-create')).toBeVisible({ timeout: 20_000 });
      await page.goto(flowPage);
      await expect(page.getByTestId('flow-recipients')).toBeVisible();

      // Both are told at sending, in the flow's language.
      const told = await waitForMail(to.copy, `${said.copySent}${name}`);
      expect(told.text).not.toMatch(/\/(sign|view|copy)\//);
      const invited = await waitForMail(to.viewer, `${said.viewerInvitation}${name}`);
      const viewerLink = linkIn(invited.text, 'view');

      // The viewer reads the document in the flow's language, and has nothing to sign with.
      const viewer = await (await browser.newContext({ viewport: viewports.desktop })).newPage();
      await viewer.goto(viewerLink);
      await expect(viewer.getByTestId('viewer-page')).toBeVisible();
      await expect(viewer.locator('html')).toHaveAttribute('lang', language);
      await expect(viewer.getByTestId('viewer-flow-name')).toHaveText(name);
      await expect(viewer.getByTestId('viewer-purpose')).toContainText(said.purpose);
      await expectDocumentShown(viewer);
      await expect(viewer.getByRole('checkbox')).toHaveCount(0);
      await expect(
        viewer.getByRole('button', { name: /allekirjoita|sign|underteckna/i }),
      ).toHaveCount(0);
      await expectAccessibleAtBothWidths(viewer);
      const token = new URL(viewerLink).pathname.split('/')[2] ?? '';
      for (const call of ['code', 'sign', 'reject']) {
        const refused = await viewer.request.post(`/api/sign/${token}/${call}`, {
          headers: await xsrfHeaders(viewer),
          data: { HaveRead: true, Comment: 'x' },
        });
        expect(refused.status(), call).toBe(404);
      }

      // The sender's flow page says the viewer opened it.
      await page.reload();
      await expect(page.getByTestId('flow-viewer-0')).toContainText(said.opened);
      await expect(page.getByTestId('flow-copy-0')).toContainText(to.copy);
      await expectAccessibleAtBothWidths(page);

      // The signer signs; the copy recipient gets the signed file.
      const signer = await (await browser.newContext({ viewport: viewports.desktop })).newPage();
      const invitation = (await mailTo(to.signer)).find((mail) => mail.text.includes('/sign/'));
      await signAs(signer, linkIn(invitation?.text ?? '', 'sign'), to.signer);
      const finished = await waitForMail(to.copy, `${said.copyFinished}${name}`);
      const download = await page.request.get(linkIn(finished.text, 'copy'));
      expect(download.status()).toBe(200);
      const pdf = Buffer.from(await download.body());
      const poppler = await pdfsigVerdicts(pdf);
      expect(poppler.valid, poppler.output).toBe(1);
      const original = await readFile(makeUserFiles().contract);
      expect(pdf.length).toBeGreaterThan(original.length);

      // The viewer's link has ended with the flow, and says so in the flow's language.
      await viewer.reload();
      await expect(viewer.getByTestId('viewer-link-ended')).toBeVisible();
      await expect(viewer.getByRole('heading', { level: 1, name: said.ended })).toBeVisible();
      await expectAccessibleAtBothWidths(viewer);
      await viewer.context().close();
      await signer.context().close();
    });
  }
});
