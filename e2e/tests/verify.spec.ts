import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  languages,
  type Language,
} from '../support/pages.ts';
import { pdfsigVerdicts } from '../support/signed-pdf.ts';
import { test } from '../support/signing.ts';
import { makeVerifyFiles, type VerifyFiles } from '../support/verify-files.ts';

const run = Date.now().toString(36);

const titles: Record<Language, string> = {
  fi: 'Allekirjoitusten tarkistus',
  en: 'Check signatures',
  sv: 'Kontroll av underskrifter',
};
const verdictTitles: Record<Language, Record<string, string>> = {
  fi: {
    Valid: 'Kelvollinen',
    Invalid: 'Ei kelvollinen',
    Unsigned: 'Ei allekirjoitettu',
    Indeterminate: 'Ei voida varmistaa',
  },
  en: {
    Valid: 'Valid',
    Invalid: 'Not valid',
    Unsigned: 'Not signed',
    Indeterminate: 'Cannot be confirmed',
  },
  sv: {
    Valid: 'Giltig',
    Invalid: 'Inte giltig',
    Unsigned: 'Inte undertecknad',
    Indeterminate: 'Kan inte bekräftas',
  },
};
const lowLevel: Record<Language, string> = {
  fi: 'Sähköinen perusallekirjoitus',
  en: 'Simple electronic signature',
  sv: 'Enkel elektronisk underskrift',
};
const intact: Record<Language, string> = {
  fi: 'Ehjä',
  en: 'Intact',
  sv: 'Intakt',
};
const broken: Record<Language, string> = {
  fi: 'Rikki',
  en: 'Broken',
  sv: 'Bruten',
};
const untrusted: Record<Language, string> = {
  fi: 'Ei luotettu',
  en: 'Not trusted',
  sv: 'Inte betrott',
};

/** axe with its experimental rules, at the screenshots' two widths. */
async function expectAccessible(page: Page) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeViolations(page, { experimental: true });
  }
}

/** Chooses the file as a keyboard user would: Tab to the button, Enter, pick the file. */
async function chooseWithKeyboard(page: Page, path: string) {
  const button = page.getByTestId('verify-drop-zone').getByRole('button');
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(path);
}

async function expectVerdict(page: Page, language: Language, verdict: string) {
  const summary = page.getByTestId('verify-verdict');
  await expect(summary).toHaveAttribute('data-verdict', verdict, { timeout: 15_000 });
  await expect(summary).toContainText(verdictTitles[language][verdict] ?? verdict);
  // Focus moves to the result, so a screen reader reads the verdict next.
  await expect(page.getByRole('heading', { level: 2 })).toBeFocused();
}

test.describe('the public verification page', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let files: VerifyFiles;

  test('the signer’s mail about a finished flow links to the page, which the footer links to too', async ({
    page,
    browser,
    openSigningPage,
  }) => {
    files = await makeVerifyFiles(page, openSigningPage, run);
    expect(new URL(files.mailedVerifyLink).pathname).toBe('/verify');
    // A visitor without a login, from the footer of the front page.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/');
    await visitor.getByTestId('footer-verify').click();
    await expect(visitor).toHaveURL('/verify');
    await visitor.context().close();
  });

  for (const language of languages)
    test(`reports a portal-signed file, another tool’s, a tampered and an unsigned file in ${language}`, async ({
      page,
    }) => {
      await page.goto('/verify');
      await chooseLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[language]);
      await expect(page).toHaveTitle(new RegExp(`^${titles[language]} – `));
      await expectAccessible(page);

      await chooseWithKeyboard(page, files.portal);
      await expectVerdict(page, language, 'Valid');
      const cards = page.getByTestId('verify-signature');
      await expect(cards).toHaveCount(2);
      await expect(cards.first()).toHaveAttribute('data-kind', 'Signature');
      await expect(cards.first()).toContainText('Tero Tarkistaja');
      await expect(cards.first()).toContainText(lowLevel[language]);
      await expect(cards.first()).toContainText('B-LTA');
      await expect(cards.nth(1)).toHaveAttribute('data-kind', 'DocumentTimestamp');
      await expectAccessible(page);

      await page.getByTestId('verify-file-input').setInputFiles(files.anotherTool);
      await expectVerdict(page, language, 'Indeterminate');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('Olli Ulkopuolinen');
      await expect(cards.first()).toContainText(intact[language]);
      await expect(cards.first()).toContainText(untrusted[language]);
      await expectAccessible(page);

      await page.getByTestId('verify-file-input').setInputFiles(files.tampered);
      await expectVerdict(page, language, 'Invalid');
      await expect(cards.first()).toContainText(broken[language]);
      await expectAccessible(page);

      await page.getByTestId('verify-file-input').setInputFiles(files.unsigned);
      await expectVerdict(page, language, 'Unsigned');
      await expect(cards).toHaveCount(0);
      await expectAccessible(page);
    });

  test('downloads the report as a PDF the portal sealed, and tells a file that is no PDF', async ({
    page,
  }) => {
    await page.goto('/verify');
    await chooseLanguage(page, 'en');
    // A file held over the area: it shows that it takes it, its text still 7:1.
    const zone = page.getByTestId('verify-drop-zone');
    const held = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['%PDF-1.7'], 'held.pdf', { type: 'application/pdf' }));
      return transfer;
    });
    await zone.dispatchEvent('dragover', { dataTransfer: held });
    await expect(zone).toHaveClass(/verify-drop-zone--active/);
    await expectAccessible(page);
    await zone.dispatchEvent('dragleave', { dataTransfer: held });
    await expect(zone).not.toHaveClass(/verify-drop-zone--active/);
    await page.getByTestId('verify-file-input').setInputFiles(files.portal);
    await expectVerdict(page, 'en', 'Valid');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('verify-report').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('signature-check.pdf');
    const report = await readFile(await download.path());
    expect((await pdfsigVerdicts(report)).valid).toBe(1);

    await page.getByTestId('verify-file-input').setInputFiles({
      name: 'kuva.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a PDF at all, only text pretending to be one'),
    });
    await expect(page.getByTestId('verify-error')).toHaveText('Invalid file format');
    await expect(page.getByTestId('verify-result')).toHaveCount(0);
    await expectAccessible(page);
  });
});
