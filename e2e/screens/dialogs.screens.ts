import { readFile } from 'node:fs/promises';
import { apiPaths } from '@esign/contract';
import { expect, test, type Page } from '@playwright/test';
import { chooseRowAction, rowNamed, xsrfHeaders, type RowAction } from '../support/list.ts';
import { makeUserFiles } from '../support/files.ts';
import { logIn } from '../support/pages.ts';
import { draftThroughApi, sendFlowThroughApi, type FlowToSend } from '../support/sender.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);
const flow = (name: string): FlowToSend => ({
  name: `${name} ${run}`,
  level: 'Advanced',
  process: 'Sequential',
  language: 'sv',
  signers: [
    { name: 'Outi Osakas', email: `outi.${run}@example.com` },
    { name: 'Pekka Puheenjohtaja', email: `pekka.${run}@example.com` },
  ],
});

/** One row's action chosen from the list that shows the flow. */
async function openRowAction(page: Page, view: string, name: string, action: RowAction) {
  await page.goto(`/?view=${view}&q=${encodeURIComponent(name)}`);
  await chooseRowAction(rowNamed(page, name), action);
}

// The file rows: the file to sign and attachments, one with a long name, each with its remove
// button, and the attachments' count.
test('a draft with attachments', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  const draftId = await draftThroughApi(page, flow('Vuokrasopimus liitteineen'));
  const files = makeUserFiles();
  for (const [name, path, mimeType] of [
    ['pohjapiirros.png', files.image, 'image/png'],
    [
      'Vuokrasopimuksen_yleiset_ehdot_ja_huoneiston_kuntotarkastuspöytäkirja.txt',
      files.text,
      'text/plain',
    ],
  ] as const) {
    const added = await page.request.post(apiPaths.attachment(draftId), {
      headers: await xsrfHeaders(page),
      multipart: { file: { name, mimeType, buffer: await readFile(path) } },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  await shootEverywhere(page, 'edit-attachments', async (p) => {
    await p.goto(`/esign/edit/${draftId}`);
    await expect(p.getByTestId('attachment-item')).toHaveCount(2);
  });
});

test("the sender's draft and its dialogs", async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  const draftId = await draftThroughApi(page, flow('Osakassopimus'));

  await shootEverywhere(page, 'edit-draft', async (p) => {
    await p.goto(`/esign/edit/${draftId}`);
    await expect(p.getByTestId('signer-row')).toHaveCount(2);
  });
  await shootEverywhere(page, 'edit-send-confirm', async (p) => {
    await p.goto(`/esign/edit/${draftId}`);
    await p.getByTestId('send-to-sign').click();
    await expect(p.getByTestId('confirm-send')).toBeVisible();
  });
  await shootEverywhere(page, 'edit-unsaved-changes', async (p) => {
    await p.goto(`/esign/edit/${draftId}`);
    await p.getByTestId('signflow-name').fill('Osakassopimus (muutettu)');
    await p.getByTestId('header-title').click();
    await expect(p.getByTestId('unsaved-changes-dialog')).toBeVisible();
  });
});

test("the list's dialogs and the copy; 404, a failed screen and a failed logout", async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  const draft = flow('Hallituksen kokouskutsu');
  const sent = flow('Yhtiökokouksen pöytäkirja');
  await draftThroughApi(page, draft);
  const sentId = await sendFlowThroughApi(page, sent);
  await shootEverywhere(page, 'copy', async (p) => {
    await p.goto(`/esign/copy/${sentId}`);
    await expect(p.getByTestId('signer-row')).toHaveCount(2);
  });
  await shootEverywhere(page, 'list-delete-dialog', async (p) => {
    await openRowAction(p, 'drafts', draft.name, 'delete');
    await expect(p.getByTestId('delete-dialog')).toBeVisible();
  });
  await shootEverywhere(page, 'list-cancel-dialog', async (p) => {
    await openRowAction(p, 'sent', sent.name, 'cancel');
    await expect(p.getByTestId('cancel-dialog')).toBeVisible();
  });
  await shootEverywhere(page, 'list-link-dialog', async (p) => {
    await openRowAction(p, 'sent', sent.name, 'link');
    await expect(p.getByTestId('link-dialog')).toBeVisible();
  });
  await shootEverywhere(page, 'not-found', async (p) => {
    await p.goto('/ei-tallaista-sivua');
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
  });
  // A screen whose code cannot load (a new version deployed while the tab was open).
  await page.route(/verify-route-[\w-]+\.js/, (route) => route.abort());
  await shootEverywhere(page, 'route-error', async (p) => {
    await p.goto('/verify');
    await expect(p.getByTestId('route-error')).toBeVisible();
  });
  await page.unroute(/verify-route-[\w-]+\.js/);
  await shootEverywhere(page, 'logout-failed', async (p) => {
    await p.goto('/logout?failed=1');
    await expect(p.getByTestId('logout-failed')).toBeVisible();
  });
});
