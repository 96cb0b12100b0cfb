import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { makeUserFiles } from '../support/files.ts';
import { xsrfHeaders } from '../support/list.ts';
import { waitForMail } from '../support/mailbox.ts';
import { logIn } from '../support/pages.ts';
import { expectDocumentShown } from '../support/signing.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);

/** A draft with a file, a signer, two copy recipients and a viewer; answers its Guid. */
async function draftWithRecipients(page: Page, name: string, viewer: string) {
  const headers = await xsrfHeaders(page);
  const created = await page.request.post('/api/esign/SignFlows', {
    headers,
    data: {
      Name: name,
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: 'Low',
      Language: 'fi',
      Signers: [{ Name: 'Maija Meikäläinen', Email: `maija.${run}@example.com` }],
      CopyRecipients: [
        { Name: 'Kaisa Kopio', Email: `kaisa.kopio.${run}@example.com` },
        { Name: '', Email: `hallinto.${run}@example.com` },
      ],
      Viewers: [{ Name: 'Lauri Lukija', Email: viewer }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const guid = ((await created.json()) as { Guid: string }).Guid;
  const upload = await page.request.post(`/api/esign/SignFlows/${guid}/signfile`, {
    headers,
    multipart: {
      file: {
        name: 'Vuokrasopimus.pdf',
        mimeType: 'application/pdf',
        buffer: await readFile(makeUserFiles().contract),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return guid;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
});

test('copy recipients and viewers: the edit form, the flow page and the viewer’s page', async ({
  page,
}) => {
  const viewer = `lauri.${run}@example.com`;
  const guid = await draftWithRecipients(page, `Tiedoksi ${run}`, viewer);

  await shootEverywhere(page, 'edit-recipients', async (p) => {
    await p.goto(`/esign/edit/${guid}`);
    await expect(p.getByTestId('recipients-section')).toBeVisible();
    await p.getByTestId('recipients-section').scrollIntoViewIfNeeded();
  });
  await shootEverywhere(page, 'edit-recipients-errors', async (p) => {
    await p.goto(`/esign/edit/${guid}`);
    await p.getByTestId('add-viewer').click();
    await p.getByTestId('viewer-email-1').fill('ei-osoite');
    await p.getByTestId('save-draft').click();
    await expect(p.getByTestId('error-summary')).toBeVisible();
  });

  const sent = await page.request.post(`/api/esign/SignFlows/${guid}/send`, {
    headers: await xsrfHeaders(page),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const invitation = await waitForMail(viewer, `Tiedoksi ${run}`);
  const link = /https?:\/\/\S+\/view\/[A-Za-z0-9_-]{43}/.exec(invitation.text)?.[0] ?? '';
  const viewerPath = new URL(link).pathname;

  await shootEverywhere(page, 'viewer-page', async (p) => {
    await p.goto(viewerPath);
    await expect(p.getByTestId('viewer-page')).toBeVisible();
    await expectDocumentShown(p);
  });
  await shootEverywhere(page, 'flow-page-recipients', async (p) => {
    await p.goto(`/esign/edit/${guid}`);
    await expect(p.getByTestId('flow-recipients')).toBeVisible();
  });

  const cancelled = await page.request.post(`/api/esign/SignFlows/${guid}/cancel`, {
    headers: await xsrfHeaders(page),
    data: { Comment: '' },
  });
  expect(cancelled.status()).toBe(200);
  await shootEverywhere(page, 'viewer-link-ended', async (p) => {
    await p.goto(viewerPath);
    await expect(p.getByTestId('viewer-link-ended')).toBeVisible();
  });
});
