import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makeUserFiles } from '../support/files.ts';
import { xsrfHeaders } from '../support/list.ts';
import { logIn } from '../support/pages.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);

/** A template made through the API: two roles (one with a fixed signer), a PDF and an attachment. */
async function makeTemplate(page: Page, name: string, roles: string[]) {
  const headers = await xsrfHeaders(page);
  const created = await page.request.post('/api/esign/Templates', {
    headers,
    data: {
      Name: name,
      Note: 'Allekirjoita viikon sisällä.',
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Low',
      ReminderIntervalInDays: 3,
      Language: 'fi',
      Roles: roles.map((role, index) =>
        index === 1
          ? { RoleName: role, Name: 'Sanna Esihenkilö', Email: 'sanna.esihenkilo@example.com' }
          : { RoleName: role },
      ),
    },
  });
  const id = ((await created.json()) as { Guid: string }).Guid;
  const files = makeUserFiles();
  for (const [kind, path, type] of [
    ['signfile', files.contract, 'application/pdf'],
    ['attachment', files.text, 'text/plain'],
  ] as const) {
    await page.request.post(`/api/esign/Templates/${id}/${kind}`, {
      headers,
      multipart: {
        file: { name: path.split('/').pop() ?? 'file', mimeType: type, buffer: readFileSync(path) },
      },
    });
  }
  return id;
}

test('the templates view and the template editor', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });
  const id = await makeTemplate(page, `Työsopimus ${run}`, ['Työntekijä', 'Esihenkilö']);
  await makeTemplate(page, `Opiskelijasopimus, jolla on hyvin pitkä nimi ${run}`, [
    'Opiskelija',
    'Ohjaaja',
    'Huoltaja',
  ]);

  await shootEverywhere(page, 'templates', async (p) => {
    await p.goto('/templates');
    await expect(p.getByTestId('template-row').first()).toBeVisible();
  });
  await shootEverywhere(page, 'template-editor', async (p) => {
    await p.goto(`/templates/${id}`);
    await expect(p.getByTestId('template-signfile-row')).toBeVisible();
  });
  await shootEverywhere(page, 'template-editor-errors', async (p) => {
    await p.goto('/templates/new');
    await p.getByTestId('role-email-0').fill('ei-osoite');
    await p.getByTestId('template-save').click();
    await expect(p.locator('.invalid-feedback').first()).toBeVisible();
  });
  await shootEverywhere(page, 'template-remove', async (p) => {
    await p.goto('/templates');
    await p.getByTestId('template-delete').first().click();
    await expect(p.getByTestId('template-remove-dialog')).toBeVisible();
  });
  // Used once: the edit screen labels the signer rows by role.
  await page.goto('/templates');
  await page
    .getByTestId('template-row')
    .filter({ hasText: `Työsopimus ${run}` })
    .getByTestId('template-use')
    .click();
  await expect(page).toHaveURL(/\/esign\/edit\//);
  const flowUrl = page.url();
  await shootEverywhere(page, 'template-used', async (p) => {
    await p.goto(flowUrl);
    await expect(p.getByTestId('signer-row').first()).toBeVisible();
  });
  await shootEverywhere(page, 'save-as-template', async (p) => {
    await p.goto(flowUrl);
    await p.getByTestId('save-as-template').click();
    await expect(p.getByTestId('save-as-template-dialog')).toBeVisible();
  });
});
