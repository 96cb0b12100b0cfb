import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { waitForMail } from '../support/mailbox.ts';
import { logInAsSender, sendFlowThroughApi, type FlowToSend } from '../support/sender.ts';
import { pdfsigVerdicts } from '../support/signed-pdf.ts';
import {
  chooseSigningLanguage,
  expectAccessibleAtBothWidths,
  identifyWithCode,
  invitationLink,
  signDocument,
  subjects,
  test,
} from '../support/signing.ts';

const run = Date.now().toString(36);

test.describe("a signer's copy of what they signed", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the signer's page after signing a finished flow shows the download of the signed PDF", async ({
    page,
    openSigningPage,
  }) => {
    const email = `kopio.${run}@example.com`;
    const flow: FlowToSend = {
      name: `Oma kopio ${run}`,
      level: 'Low',
      process: 'Concurrent',
      language: 'en',
      signers: [{ name: 'Kaisa Kopioija', email }],
    };
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);
    const link = await invitationLink(email, flow.name);
    const signing = await openSigningPage(link);
    await identifyWithCode(signing, email, flow.name);
    await signDocument(signing);

    // The page asks again while the portal finishes the document, then offers it.
    const copy = signing.getByTestId('signed-copy');
    await expect(copy).toHaveAttribute('data-state', 'Ready', { timeout: 20_000 });
    await expect(copy.getByRole('heading', { name: 'Signed document' })).toBeVisible();
    await expect(copy).toContainText('The download works until');
    const button = copy.getByRole('link', { name: 'Download the signed document' });
    const downloading = signing.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Vuokrasopimus.pdf');
    const pdf = await readFile(await download.path());
    const poppler = await pdfsigVerdicts(pdf);
    expect(poppler.valid, poppler.output).toBe(1);
    await expectAccessibleAtBothWidths(signing);

    // The mail brings the same link.
    const mail = await waitForMail(email, subjects.signedCopy(flow.name));
    expect(mail.text).toContain('The signed document is attached to this message.');
    const mailed = /https?:\/\/\S+\/signed\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(mailed).toBe(await button.getAttribute('href'));

    // Opened again later in another browser, the page shows it without identification.
    const later = await openSigningPage(link);
    await expect(later.getByTestId('signing-state')).toHaveAttribute('data-state', 'Signed');
    await expect(later.getByTestId('signed-copy')).toHaveAttribute('data-state', 'Ready');
    await expect(later.getByRole('button', { name: 'Send me a code' })).toHaveCount(0);
  });

  test('a signed-copy link that no longer works answers 404 with a page saying so in each language', async ({
    page,
  }) => {
    const response = await page.goto(`/signed/${'A'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('signed-copy-gone')).toBeVisible();
    const titles = {
      fi: 'Latauslinkki ei enää toimi',
      en: 'This download link no longer works',
      sv: 'Nedladdningslänken fungerar inte längre',
    } as const;
    for (const language of ['fi', 'en', 'sv'] as const) {
      await chooseSigningLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1, name: titles[language] })).toBeVisible();
      await expectAccessibleAtBothWidths(page);
    }
  });
});
