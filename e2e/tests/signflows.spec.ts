import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createDrafts } from '../support/api.ts';
import { chooseRowAction } from '../support/list.ts';
import { makeUserFiles } from '../support/files.ts';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  languages,
  logIn,
} from '../support/pages.ts';

const run = Date.now().toString(36);

async function logInAsUser(page: Page) {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
}

/** Makes a flow ready and sends it through the API, with the browser's cookies and XSRF token. */
async function sendThroughApi(page: Page, name: string): Promise<string> {
  const cookies = await page.context().cookies();
  const headers = {
    'X-XSRF-TOKEN': cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
  };
  const list = await (
    await page.request.get(`/api/esign/SignFlows?q=${encodeURIComponent(name)}`)
  ).json();
  const guid: string = list.Items[0].Guid;
  const upload = await page.request.post(`/api/esign/SignFlows/${guid}/signfile`, {
    headers,
    multipart: {
      file: {
        name: 'sopimus.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync(makeUserFiles().contract),
      },
    },
  });
  expect(upload.status()).toBe(200);
  await page.request.post('/api/esign/SignFlows', {
    headers,
    data: {
      Guid: guid,
      Name: name,
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: 'Low',
      Signers: [{ Name: 'M', Email: 'm@example.com' }],
    },
  });
  expect((await page.request.post(`/api/esign/SignFlows/${guid}/send`, { headers })).status()).toBe(
    200,
  );
  return guid;
}

const rowNamed = (page: Page, name: string) =>
  page.getByTestId('signflow-row').filter({ has: page.getByText(name, { exact: true }) });

async function search(page: Page, text: string) {
  await page.getByTestId('signflow-search').fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
}

test.describe('sign flows for their sender', () => {
  test('creates, saves, reloads, edits, copies and sends a flow with a file, attachments and signers', async ({
    page,
  }) => {
    const files = makeUserFiles();
    const name = `Vuokrasopimus ${run}`;
    await logInAsUser(page);
    await page.getByTestId('signflow-create').click();
    await expect(page).toHaveURL('/esign/edit/new');

    await page.getByTestId('signflow-name').fill(name);
    await page.getByTestId('note').fill('Allekirjoitathan viikon kuluessa.');
    await page.getByTestId('signfile-input').setInputFiles(files.contract);
    await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
    await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/); // saved to take the file
    await page.getByTestId('attachment-input').setInputFiles([files.image, files.text]);
    await expect(page.getByTestId('attachment-item')).toHaveCount(2);
    await expect(page.getByTestId('attachment-count')).toContainText('2/50');
    await page.getByTestId('signature-level').selectOption('Advanced');
    await page.getByTestId('sign-order-sequential').check();
    await page.getByTestId('add-signer').click();
    await page.getByTestId('signer-name-0').fill('Maija Meikäläinen');
    await page.getByTestId('signer-email-0').fill('maija@example.com');
    await page.getByTestId('add-signer').click();
    await page.getByTestId('signer-name-1').fill('Pekka Puupää');
    await page.getByTestId('signer-email-1').fill('pekka@example.com');
    await page.getByTestId('signer-organisation-1').fill('Esimerkki Oy');
    await page.getByTestId('save-draft').click();
    await expect(page.getByText('Tallennettu.')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('signflow-name')).toHaveValue(name);
    await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
    await expect(page.getByTestId('attachment-item')).toHaveCount(2);
    await expect(page.getByTestId('signer-row')).toHaveCount(2);
    await expect(page.getByTestId('signer-email-1')).toHaveValue('pekka@example.com');
    await expect(page.getByTestId('signature-level')).toHaveValue('Advanced');
    await expect(page.getByTestId('sign-order-sequential')).toBeChecked();

    await page.getByTestId('signflow-name').fill(`${name} (muokattu)`);
    await page.getByTestId('save-draft').click();
    await expect(page.getByText('Tallennettu.')).toBeVisible();

    // Copy as new from the list: the files come along without a new upload.
    await page.goto('/');
    await search(page, `${name} (muokattu)`);
    await chooseRowAction(rowNamed(page, `${name} (muokattu)`), 'copy');
    await expect(page).toHaveURL(/\/esign\/copy\//);
    await page.getByTestId('signflow-name').fill(`${name} (kopio)`);
    await page.getByTestId('save-draft').click();
    await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
    await expect(page.getByTestId('attachment-item')).toHaveCount(2);
    await expect(page.getByTestId('signer-row')).toHaveCount(2);

    await page.getByTestId('send-to-sign').click();
    await page.getByTestId('confirm-send').click();
    await expect(page.getByText('Lähetetty.', { exact: true })).toBeVisible();
    await page.getByTestId('status-view-sent').click();
    await search(page, `${name} (kopio)`);
    await expect(rowNamed(page, `${name} (kopio)`)).toHaveCount(1);

    // A sent flow opens its flow page with each signer's status.
    await chooseRowAction(rowNamed(page, `${name} (kopio)`), 'view');
    await expect(page.getByTestId('signer-status-0')).toBeVisible();
    await expect(page.getByTestId('save-draft')).toHaveCount(0);
  });

  test('refuses to send an incomplete draft with the SPEC §5 messages', async ({ page }) => {
    await logInAsUser(page);
    await page.getByTestId('signflow-create').click();
    await page.getByTestId('send-to-sign').click();
    await expect(page.getByTestId('field-error-Name')).toHaveText(
      'Allekirjoituspyynnön nimi on pakollinen',
    );
    await page.getByTestId('signflow-name').fill(`Keskeneräinen ${run}`);
    await page.getByTestId('send-to-sign').click();
    await expect(page.getByTestId('field-error-SignFileInfo')).toHaveText(
      'Allekirjoitettavaa tiedostoa ei ole lisätty',
    );
    await expect(page.getByTestId('error-summary')).toContainText(
      'Allekirjoitettavaa tiedostoa ei ole lisätty',
    );
  });

  test('searches, sorts and pages a list of 120 flows, cancels one and deletes a draft', async ({
    page,
  }) => {
    await logInAsUser(page);
    const prefix = `Massa ${run}`;
    await createDrafts(
      page,
      Array.from({ length: 120 }, (_, index) => `${prefix} ${String(index + 1).padStart(3, '0')}`),
    );
    await page.reload();
    await search(page, prefix);
    await expect(page.getByTestId('signflow-list-summary')).toContainText('120');
    await expect(page.getByTestId('signflow-row')).toHaveCount(20);

    const firstName = page.getByTestId('signflow-row').first();
    const nameHeader = page.getByTestId('sort-Name').locator('xpath=ancestor::th');
    await page.getByTestId('sort-Name').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstName).toContainText(`${prefix} 001`);
    await page.getByTestId('sort-Name').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstName).toContainText(`${prefix} 120`);
    await page.getByTestId('sort-Name').click();
    await expect(firstName).toContainText(`${prefix} 001`);

    await page.getByTestId('page-next').click();
    await expect(firstName).toContainText(`${prefix} 021`);
    await page.getByTestId('page-last').click();
    await expect(firstName).toContainText(`${prefix} 101`);
    await expect(page.getByTestId('signflow-row')).toHaveCount(20);
    await page.getByTestId('page-3').click();
    await expect(firstName).toContainText(`${prefix} 041`);
    await page.goBack();
    await expect(firstName).toContainText(`${prefix} 101`);

    // Delete one draft.
    await search(page, `${prefix} 007`);
    await chooseRowAction(rowNamed(page, `${prefix} 007`), 'delete');
    await page.getByTestId('delete-confirm').click();
    await expect(page.getByTestId('no-results')).toBeVisible();

    // Cancel a sent flow with a comment.
    const sentName = `Peruttava ${run}`;
    await createDrafts(page, [sentName]);
    const guid = await sendThroughApi(page, sentName);
    await page.goto('/?view=sent');
    await search(page, sentName);
    await chooseRowAction(rowNamed(page, sentName), 'cancel');
    await expect(page.getByTestId('cancel-dialog')).toContainText(
      'mitätöi jo tehdyt allekirjoitukset',
    );
    await page.getByTestId('cancel-comment').fill('Väärä vuokralainen');
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByText('Allekirjoituspyyntö peruttiin.')).toBeVisible();
    const cancelled = await (await page.request.get(`/api/esign/SignFlows/${guid}`)).json();
    expect(cancelled).toMatchObject({
      Status: 'Cancelled',
      CancellationComment: 'Väärä vuokralainen',
    });
  });

  for (const language of languages) {
    test(`the list and edit screens have no serious accessibility violations in ${language}`, async ({
      page,
    }) => {
      await logInAsUser(page);
      await chooseLanguage(page, language);
      await createDrafts(page, [`Saavutettava ${run} ${language}`]);
      await page.reload();
      await expect(page.getByTestId('signflow-row').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByTestId('signflow-create').click();
      await page.getByTestId('add-signer').click();
      await expect(page.getByTestId('signer-row')).toHaveCount(1);
      await expectNoSeriousAxeViolations(page);
    });
  }
});
