import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { logInElsewhere, organisationTimeZone } from '../support/admin.ts';
import { createDrafts } from '../support/api.ts';
import { makeUserFiles } from '../support/files.ts';
import { chooseRowAction } from '../support/list.ts';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  languages,
  type Language,
} from '../support/pages.ts';
import {
  addSigners,
  findInList,
  logInAsSender,
  sendFlowThroughApi,
  startNewFlow,
  type FlowToSend,
  type SignerValues,
} from '../support/sender.ts';
import { identifyWithCode, invitationLink, rejectDocument, test } from '../support/signing.ts';

const run = Date.now().toString(36);

/** What the sender sees, in each language, written out so that a wrong translation fails. */
const texts = {
  fi: {
    notFound: 'Ei löytynyt',
    backToFrontpage: 'Takaisin etusivulle',
    invalidSignerEmail: 'Allekirjoittajan sähköpostiosoite on virheellinen',
    sent: 'Lähetetty.',
    completed: 'Valmistunut',
    rejected: 'Hylätty',
    notSigned: 'Allekirjoittamatta',
    rejectedAt: 'Hylkäsi',
    reasonLine: (reason: string) => `Syy: ”${reason}”`,
    rejectedBy: (name: string, when: string) => `${name} hylkäsi pyynnön ${when}.`,
  },
  en: {
    notFound: 'Not found',
    backToFrontpage: 'Back to the front page',
    invalidSignerEmail: "The signer's e-mail address is not valid",
    sent: 'Sent.',
    completed: 'Completed',
    rejected: 'Rejected',
    notSigned: 'Not signed',
    rejectedAt: 'Rejected',
    reasonLine: (reason: string) => `Reason: “${reason}”`,
    rejectedBy: (name: string, when: string) => `${name} rejected the request ${when}.`,
  },
  sv: {
    notFound: 'Hittades inte',
    backToFrontpage: 'Tillbaka till startsidan',
    invalidSignerEmail: 'Undertecknarens e-postadress är ogiltig',
    sent: 'Skickat.',
    completed: 'Slutförd',
    rejected: 'Avvisad',
    notSigned: 'Inte undertecknad',
    rejectedAt: 'Avvisade',
    reasonLine: (reason: string) => `Orsak: ”${reason}”`,
    rejectedBy: (name: string, when: string) => `${name} avvisade begäran ${when}.`,
  },
} satisfies Record<Language, Record<string, string | ((...values: string[]) => string)>>;

/** A toast the portal shows after an action. */
const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).first();

/** The signer rows, top to bottom, each with its name and e-mail. */
async function expectSigners(page: Page, signers: SignerValues[]) {
  await expect(page.getByTestId('signer-row')).toHaveCount(signers.length);
  for (const [index, signer] of signers.entries()) {
    await expect(page.getByTestId(`signer-name-${index}`)).toHaveValue(signer.name);
    await expect(page.getByTestId(`signer-email-${index}`)).toHaveValue(signer.email);
  }
}

/** The screen reader's announcement of a move or an addition. */
const announcement = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

/**
 * Drags files from outside the browser onto an element, as a file manager would: the
 * dragover that the drop area answers, then the drop.
 */
async function dropFiles(target: Locator, paths: string[], whileOver?: () => Promise<void>) {
  const mimeTypes: Record<string, string> = {
    pdf: 'application/pdf',
    png: 'image/png',
    txt: 'text/plain',
  };
  const files = paths.map((path) => ({
    name: basename(path),
    type: mimeTypes[path.split('.').at(-1) ?? ''] ?? '',
    base64: readFileSync(path).toString('base64'),
  }));
  const dataTransfer = await target.page().evaluateHandle((dropped) => {
    const transfer = new DataTransfer();
    for (const file of dropped) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await whileOver?.();
  await target.dispatchEvent('drop', { dataTransfer });
}

/** A time as the sender's screen shows it: short date and time in the organisation's zone. */
/** A time as the flow page writes it: the short date, a space, the short time. */
const shortMonths = 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec'.split(' ');

/** A moment as each language writes it (25.11.2026 klo 13.05, 2026-11-25 13:05, 25 Nov 2026, 13:05). */
const listTime = (iso: string, language: Language) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: organisationTimeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
  const [day, month, hour] = [Number(parts.day), Number(parts.month), Number(parts.hour)];
  if (language === 'fi') return `${day}.${month}.${parts.year} klo ${hour}.${parts.minute}`;
  if (language === 'sv')
    return `${parts.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} ${hour}:${parts.minute}`;
  return `${day} ${shortMonths[month - 1]} ${parts.year}, ${hour}:${parts.minute}`;
};

test.describe('the sign flow edit screen', () => {
  // The browser reads times in the organisation's zone, so the expected times can be written.
  test.use({ timezoneId: organisationTimeZone });
  // Signers identify through mail and axe runs on whole screens: as long as the signing tests.
  test.describe.configure({ timeout: 60_000 });

  test('in sequential order the signers are reordered with the move buttons by keyboard and by dragging the handle, and the order is saved', async ({
    page,
  }) => {
    const [anna, bertil, cecilia] = [
      { name: 'Anna Aaltonen', email: `anna.${run}@example.com` },
      { name: 'Bertil Berg', email: `bertil.${run}@example.com` },
      { name: 'Cecilia Carlsson', email: `cecilia.${run}@example.com` },
    ];
    await logInAsSender(page);
    await startNewFlow(page, `Järjestys ${run}`);
    await addSigners(page, [anna, bertil, cecilia]);
    // In parallel order there is nothing to reorder.
    await expect(page.getByTestId('sign-order-concurrent')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Move signer 1 down' })).toHaveCount(0);
    await expect(page.getByTitle('Drag to reorder')).toHaveCount(0);

    await page.getByTestId('sign-order-sequential').check();
    await page.getByRole('button', { name: 'Move signer 1 down' }).focus();
    await page.keyboard.press('Enter');
    await expectSigners(page, [bertil, anna, cecilia]);
    await expect(announcement(page, 'is now number')).toHaveText(
      'Signer Anna Aaltonen is now number 2.',
    );
    // The focus stays with the signer that moved, so the key can be pressed again.
    await expect(page.getByRole('button', { name: 'Move signer 2 down' })).toBeFocused();
    await page.keyboard.press('Space');
    await expectSigners(page, [bertil, cecilia, anna]);
    // At the bottom 'down' is disabled, so the focus goes to 'up' of the same signer.
    await expect(page.getByRole('button', { name: 'Move signer 3 down' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move signer 3 up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectSigners(page, [bertil, anna, cecilia]);

    // By pointer: the last signer's handle dropped on the top half of the first row, with the
    // whole list in sight as the user would have it (Playwright does not scroll mid-drag).
    const rows = page.getByTestId('signer-row');
    await page
      .getByRole('list', { name: 'Signer list' })
      .evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await rows
      .nth(2)
      .getByTitle('Drag to reorder')
      .dragTo(rows.nth(0), { targetPosition: { x: 40, y: 8 } });
    await expectSigners(page, [cecilia, bertil, anna]);
    await expect(announcement(page, 'is now number')).toHaveText(
      'Signer Cecilia Carlsson is now number 1.',
    );

    await page.getByTestId('save-draft').click();
    await expect(toast(page, 'Saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect(page.getByTestId('sign-order-sequential')).toBeChecked();
    await expectSigners(page, [cecilia, bertil, anna]);
  });

  test('adds a signer from existing users by typing part of the name and choosing with the keyboard', async ({
    page,
    browser,
  }) => {
    // Only users who have logged in are offered: Ville Virtanen logs in once first.
    await logInElsewhere(browser, 'user2@example.com', 'user2-demo');
    await logInAsSender(page);
    await startNewFlow(page, `Käyttäjistä ${run}`);

    const picker = page.getByRole('combobox', { name: 'Add signer from existing users' });
    await picker.pressSequentially('virta');
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    const option = page.getByRole('listbox').getByRole('option');
    await expect(option).toHaveCount(1);
    await expect(option).toHaveText('Ville Virtanen user2@example.com');
    await expect(announcement(page, 'found')).toHaveText('1 user found.');
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    const optionId = await option.getAttribute('id');
    expect(optionId).toBeTruthy();
    await expect(picker).toHaveAttribute('aria-activedescendant', optionId ?? '');
    await page.keyboard.press('Enter');

    // The row is filled in; Enter chose the user and did not save the form.
    await expectSigners(page, [{ name: 'Ville Virtanen', email: 'user2@example.com' }]);
    await expect(announcement(page, 'added')).toHaveText('Signer Ville Virtanen added.');
    await expect(picker).toHaveValue('');
    await expect(picker).toBeFocused();
    await expect(page).toHaveURL('/esign/edit/new');

    // A user who already signs is not offered again.
    await picker.pressSequentially('virta');
    await expect(announcement(page, 'No matching')).toHaveText('No matching users.');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(picker).toHaveValue('');

    await page.getByTestId('save-draft').click();
    await expect(toast(page, 'Saved.')).toBeVisible();
    await page.reload();
    await expectSigners(page, [{ name: 'Ville Virtanen', email: 'user2@example.com' }]);
  });

  test('takes the file to sign and the attachments dropped on their areas, and refuses a dropped file that is not a PDF', async ({
    page,
  }) => {
    const files = makeUserFiles();
    await logInAsSender(page);
    await startNewFlow(page, `Pudotus ${run}`);
    const fileArea = page.getByText('Drop a PDF file here or choose it with the button.');
    const attachmentArea = page.getByText('Drop attachments here or choose them with the button.');

    await dropFiles(fileArea, [files.text]);
    await expect(page.getByTestId('field-error-SignFileInfo')).toHaveText('Invalid file format');
    await expect(page.getByText('No file added.')).toBeVisible();

    await dropFiles(fileArea, [files.contract], async () => {
      // While a file is held over it, the area shows that it takes it, its text still 7:1.
      await expect(page.locator('.file-drop-zone').filter({ has: fileArea })).toHaveClass(
        /file-drop-zone--active/,
      );
      await expectNoSeriousAxeViolations(page, { experimental: true });
    });
    await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
    await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/); // saved to take the file
    await expect(page.getByTestId('field-error-SignFileInfo')).toHaveCount(0);

    await dropFiles(attachmentArea, [files.image, files.text]);
    await expect(page.getByTestId('attachment-item')).toHaveText([
      /pohjapiirros\.png/,
      /ehdot\.txt/,
    ]);
    await expect(page.getByTestId('attachment-count')).toHaveText('Attachments 2/50');
    // The file rows: each remove button is named by its visible words and the file's name.
    await expect(page.getByRole('button', { name: 'Remove file Vuokrasopimus.pdf' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove ehdot.txt' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, { experimental: true });

    await page.reload();
    await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
    await expect(page.getByTestId('attachment-item')).toHaveCount(2);
  });

  test("shows 'Not found' in the user's language for an edit or copy of a flow that does not load", async ({
    page,
  }) => {
    await logInAsSender(page);
    for (const language of languages) {
      await chooseLanguage(page, language);
      for (const screen of ['edit', 'copy']) {
        await page.goto(`/esign/${screen}/${randomUUID()}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[language].notFound);
        await expect(page.getByTestId('signflow-edit')).toHaveCount(0);
      }
      await page.getByRole('link', { name: texts[language].backToFrontpage }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByTestId('signflow-create')).toBeVisible();
    }
  });

  test("a flow that a signer rejected opens its flow page with each signer's status, the reason and the time of the rejection (never 'Completed'), in fi, en and sv, without serious accessibility violations", async ({
    page,
    openSigningPage,
  }) => {
    const rejecter = { name: 'Rauni Rantala', email: `rauni.${run}@example.com` };
    const waiting = { name: 'Wilma Westerlund', email: `wilma.${run}@example.com` };
    const reason = 'The rent in section 3 is wrong.';
    const flow: FlowToSend = {
      name: `Hylätty näkymä ${run}`,
      level: 'Low',
      process: 'Concurrent',
      language: 'en',
      signers: [rejecter, waiting],
    };
    await logInAsSender(page);
    const guid = await sendFlowThroughApi(page, flow);
    const signing = await openSigningPage(await invitationLink(rejecter.email, flow.name));
    await identifyWithCode(signing, rejecter.email, flow.name);
    await rejectDocument(signing, reason);

    const detail = await (await page.request.get(`/api/esign/SignFlows/${guid}`)).json();
    const rejectedAt = detail.Signers[0].CompletionTimeUtc as string;
    expect(Math.abs(Date.now() - Date.parse(rejectedAt))).toBeLessThan(5 * 60_000);

    const row = await findInList(page, 'all', flow.name);
    await expect(row).toContainText('Rejected');
    await chooseRowAction(row, 'view');
    await expect(page).toHaveURL(`/esign/edit/${guid}`);
    await expect(page.getByTestId('save-draft')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    const rejected = page.getByTestId('flow-signer-0');
    const other = page.getByTestId('flow-signer-1');
    for (const language of languages) {
      await chooseLanguage(page, language);
      const text = texts[language];
      const when = listTime(rejectedAt, language);
      await expect(page.getByTestId('signer-status-0')).toHaveText(text.rejected);
      await expect(page.getByTestId('signer-facts-0')).toHaveText(
        `${text.rejectedAt} ${when}${text.reasonLine(reason)}`,
      );
      await expect(rejected).not.toContainText(text.completed);
      await expect(page.getByTestId('outcome-rejectedBy')).toHaveText(
        text.rejectedBy(rejecter.name, when),
      );
      await expect(page.getByTestId('signer-status-1')).toHaveText(text.notSigned);
      await expect(other).not.toContainText(text.completed);
      await expectNoSeriousAxeViolations(page);
    }
  });

  test("the list's 'link' action copies the chosen signer's signing link, which opens that signer's page", async ({
    page,
    openSigningPage,
  }) => {
    const flow: FlowToSend = {
      name: `Linkki ${run}`,
      level: 'Low',
      process: 'Concurrent',
      language: 'en',
      signers: [
        { name: 'Liisa Laine', email: `liisa.${run}@example.com` },
        { name: 'Oskari Orava', email: `oskari.${run}@example.com` },
      ],
    };
    await page.context().grantPermissions(['clipboard-write']);
    // The portal's Permissions-Policy lets its pages write the clipboard, never read it: what
    // the page writes is kept beside the real write, for the test to read.
    await page.addInitScript(() => {
      const write = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied?: string }).copied = text;
        await write(text);
      };
    });
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);
    const row = await findInList(page, 'sent', flow.name);
    await chooseRowAction(row, 'link');

    const dialog = page.getByRole('dialog', { name: 'Signing link' });
    await expect(dialog).toContainText(flow.name);
    const signer = dialog.getByRole('combobox', { name: 'Signer' });
    await expect(signer.getByRole('option')).toHaveText([
      `Liisa Laine <liisa.${run}@example.com>`,
      `Oskari Orava <oskari.${run}@example.com>`,
    ]);
    await signer.selectOption({ label: `Oskari Orava <oskari.${run}@example.com>` });
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(toast(page, 'The link was copied to the clipboard.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const link = await page.evaluate(() => (window as unknown as { copied?: string }).copied ?? '');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign\/[A-Za-z0-9_-]{43}$/);
    const signing = await openSigningPage(link);
    await expect(
      signing.getByText('Hello Oskari Orava, you have been asked to sign this document.'),
    ).toBeVisible();
  });

  test("the list's 'link' action shows the signing link in its dialog when the browser refuses the clipboard", async ({
    page,
    openSigningPage,
  }) => {
    const flow: FlowToSend = {
      name: `Linkki käsin ${run}`,
      level: 'Low',
      process: 'Concurrent',
      language: 'en',
      signers: [{ name: 'Kaisa Käsin', email: `kaisa.${run}@example.com` }],
    };
    // As a browser does without the clipboard permission.
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);
    const row = await findInList(page, 'sent', flow.name);
    await chooseRowAction(row, 'link');

    const dialog = page.getByRole('dialog', { name: 'Signing link' });
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    const shown = dialog.getByRole('textbox', {
      name: 'The link could not be copied automatically. Copy it from here:',
    });
    await expect(shown).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/sign\/[A-Za-z0-9_-]{43}$/);
    await expect(shown).not.toBeEditable();
    const signing = await openSigningPage(await shown.inputValue());
    await expect(
      signing.getByText('Hello Kaisa Käsin, you have been asked to sign this document.'),
    ).toBeVisible();
  });

  test("the list's 'edit' action opens the draft in the edit screen, where it is saved", async ({
    page,
  }) => {
    const name = `Muokattava ${run}`;
    await logInAsSender(page);
    const [guid = ''] = await createDrafts(page, [name]);
    const row = await findInList(page, 'all', name);
    await row.getByRole('button', { name: `Actions: ${name}` }).click();
    await expect(row.getByTestId('row-action-view')).toHaveCount(0); // a draft is edited
    await row.getByRole('menuitem', { name: 'Edit' }).click();

    await expect(page).toHaveURL(`/esign/edit/${guid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit signing request');
    await expect(page.getByTestId('signflow-name')).toHaveValue(name);
    await page.getByTestId('note').fill('Muutettu listalta.');
    await page.getByTestId('save-draft').click();
    await expect(toast(page, 'Saved.')).toBeVisible();
    await expect(page).toHaveURL(`/esign/edit/${guid}`);
    const saved = await (await page.request.get(`/api/esign/SignFlows/${guid}`)).json();
    expect(saved).toMatchObject({ Name: name, Note: 'Muutettu listalta.', Status: 'Draft' });
  });

  for (const language of languages) {
    test(`a filled edit form with a field error and the flow page of the sent flow have no serious accessibility violations in ${language}`, async ({
      page,
    }) => {
      const files = makeUserFiles();
      const text = texts[language];
      await logInAsSender(page);
      await chooseLanguage(page, language);
      await startNewFlow(page, `Saavutettava muokkaus ${run} ${language}`);
      await page.getByTestId('note').fill('Allekirjoitathan viikon kuluessa.');
      await page.getByTestId('signfile-input').setInputFiles(files.contract);
      await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
      await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
      await page.getByTestId('attachment-input').setInputFiles([files.image, files.text]);
      await expect(page.getByTestId('attachment-item')).toHaveCount(2);
      await page.getByTestId('signature-level').selectOption('Low');
      await page.getByTestId('sign-order-sequential').check();
      await addSigners(page, [
        { name: 'Maija Meikäläinen', email: 'maija.example.com' },
        { name: 'Pekka Puupää', email: `pekka.${run}@example.com` },
      ]);
      await page.getByTestId('save-draft').click();
      await expect(page.getByTestId('field-error-Signers.0.Email')).toHaveText(
        text.invalidSignerEmail,
      );
      await expect(page.getByTestId('signer-email-0')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousAxeViolations(page);

      const edited = page.url();
      await page.getByTestId('signer-email-0').fill(`maija.${run}@example.com`);
      await page.getByTestId('send-to-sign').click();
      await page.getByTestId('confirm-send').click();
      await expect(toast(page, text.sent)).toBeVisible();
      await page.goto(edited);
      await expect(page.getByTestId('flow-page')).toBeVisible();
      await expect(page.getByTestId('signer-status-1')).toHaveText(text.notSigned);
      await expect(page.getByTestId('flow-attachments').getByRole('listitem')).toHaveCount(2);
      await expectNoSeriousAxeViolations(page);
    });
  }
});
