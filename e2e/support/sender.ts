import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { makeUserFiles } from './files.ts';
import { chooseRowAction, xsrfHeaders } from './list.ts';
import { chooseLanguage, logIn } from './pages.ts';

export interface FlowToSend {
  name: string;
  level: 'Low' | 'Advanced' | 'Qualified';
  process: 'Sequential' | 'Concurrent';
  /** A personal identity code makes an Advanced or Qualified signer prove exactly it. */
  signers: Array<{ name: string; email: string; personalIdentityCode?: string }>;
  /** The signers' language: their mail and their signing page. */
  language?: 'fi' | 'en' | 'sv';
  /** The last day to sign (YYYY-MM-DD); the portal's default when left out. */
  expiryDate?: string;
}

/** Logs the demo user in and shows the portal in English, so the tests read its English texts. */
export async function logInAsSender(page: Page) {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  await chooseLanguage(page, 'en');
}

export type SignerValues = FlowToSend['signers'][number];

/** Opens a new draft in the edit screen and names it. */
export async function startNewFlow(page: Page, name: string) {
  await page.getByTestId('signflow-create').click();
  await expect(page).toHaveURL('/esign/edit/new');
  await page.getByTestId('signflow-name').fill(name);
}

/** Adds signer rows after those already there and fills them in. */
export async function addSigners(page: Page, signers: SignerValues[]) {
  for (const signer of signers) {
    const index = await page.getByTestId('signer-row').count();
    await page.getByTestId('add-signer').click();
    await page.getByTestId(`signer-name-${index}`).fill(signer.name);
    await page.getByTestId(`signer-email-${index}`).fill(signer.email);
    if (signer.personalIdentityCode)
      await page.getByTestId(`signer-identity-code-${index}`).fill(signer.personalIdentityCode);
  }
}

/** Writes a new flow in the edit screen, with a PDF to sign, and sends it, as a sender would. */
export async function sendFlowFromEditor(page: Page, flow: FlowToSend) {
  await startNewFlow(page, flow.name);
  await page.getByTestId('signfile-input').setInputFiles(makeUserFiles().contract);
  await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
  await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
  await page.getByTestId('signature-level').selectOption(flow.level);
  await page.getByTestId('message-language').selectOption(flow.language ?? 'fi');
  await page.getByTestId(`sign-order-${flow.process.toLowerCase()}`).check();
  await addSigners(page, flow.signers);
  await page.getByTestId('send-to-sign').click();
  await page.getByTestId('confirm-send').click();
  await expect(page.getByText('Sent.', { exact: true })).toBeVisible();
}

/**
 * Creates a draft with its signers and its PDF through the API, with the signed-in page's
 * cookies and XSRF token; `portal` names another portal than the tests' own (its address
 * without a trailing slash). Answers the draft's Guid.
 */
export async function draftThroughApi(page: Page, flow: FlowToSend, portal = ''): Promise<string> {
  const headers = await xsrfHeaders(page);
  const created = await page.request.post(`${portal}/api/esign/SignFlows`, {
    headers,
    data: {
      Name: flow.name,
      SignatureProcess: flow.process,
      MinimumSignatureLevel: flow.level,
      Language: flow.language ?? 'fi',
      ...(flow.expiryDate === undefined ? {} : { ExpiryDate: flow.expiryDate }),
      Signers: flow.signers.map((signer) => ({
        Name: signer.name,
        Email: signer.email,
        PersonalIdentityCode: signer.personalIdentityCode ?? null,
      })),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const guid = ((await created.json()) as { Guid: string }).Guid;
  const upload = await page.request.post(`${portal}/api/esign/SignFlows/${guid}/signfile`, {
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

/** Creates and sends a flow through the API (see draftThroughApi); answers its Guid. */
export async function sendFlowThroughApi(
  page: Page,
  flow: FlowToSend,
  portal = '',
): Promise<string> {
  const guid = await draftThroughApi(page, flow, portal);
  const sent = await page.request.post(`${portal}/api/esign/SignFlows/${guid}/send`, {
    headers: await xsrfHeaders(page),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return guid;
}

/** The list's row of one flow, found with the search field in a status view. */
export async function findInList(page: Page, view: 'sent' | 'finished' | 'all', name: string) {
  await page.goto(`/?view=${view}`);
  await page.getByTestId('signflow-search').fill(name);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === name);
  const row = page
    .getByTestId('signflow-row')
    .filter({ has: page.getByText(name, { exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Cancels a sent flow with the list's cancel action. */
export async function cancelFromList(page: Page, name: string, comment: string) {
  const row = await findInList(page, 'sent', name);
  await chooseRowAction(row, 'cancel');
  await page.getByTestId('cancel-comment').fill(comment);
  await page.getByTestId('cancel-confirm').click();
  await expect(page.getByText('The signing request was cancelled.')).toBeVisible();
}

/** Opens a finished flow's read-only view from the list and downloads its signed file. */
export async function downloadSignedFile(page: Page, name: string): Promise<Buffer> {
  const row = await findInList(page, 'finished', name);
  await expect(row).toContainText('Finished');
  await chooseRowAction(row, 'view');
  const download = page.waitForEvent('download');
  await page.getByTestId('signed-file').click();
  return readFile(await (await download).path());
}

/** A signer's personal link as the sender gets it (the list's 'link' action's call). */
export async function signingLinkFromSender(
  page: Page,
  flowGuid: string,
  email: string,
): Promise<string> {
  const detail = await page.request.get(`/api/esign/SignFlows/${flowGuid}`);
  const { Signers } = (await detail.json()) as { Signers: Array<{ Guid: string; Email: string }> };
  const signer = Signers.find((each) => each.Email === email);
  expect(signer, `signer ${email}`).toBeDefined();
  const link = await page.request.get(
    `/api/esign/SignFlows/${flowGuid}/${signer?.Guid ?? ''}/signingurl`,
  );
  expect(link.status()).toBe(200);
  return new URL(await link.text()).pathname;
}
