import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { makeUserFiles } from '../support/files.ts';
import { xsrfHeaders } from '../support/list.ts';
import { logIn } from '../support/pages.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);
const header =
  'Työntekijä: nimi;Työntekijä: sähköpostiosoite;Työntekijä: henkilötunnus;Esihenkilö: nimi;Esihenkilö: sähköpostiosoite;Allekirjoituspyynnön nimi;Viesti';

function csv(rows: string[]) {
  return Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from([header, ...rows].join('\r\n')),
  ]);
}
const good = (index: number) =>
  `Äijä Öhman ${index};aija.${run}.${index}@example.com;;Åsa Ek;asa.${run}.${index}@example.com;Työsopimus ${index};`;

async function upload(page: Page, rows: string[]) {
  await page.getByTestId('bulk-file').setInputFiles({
    name: 'tyosopimukset.csv',
    mimeType: 'text/csv',
    buffer: csv(rows),
  });
  await page.getByTestId('bulk-check').click();
}

test('the bulk send screens', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('header-display-name')).toBeVisible({ timeout: 20_000 });
  const headers = await xsrfHeaders(page);
  const created = await page.request.post('/api/esign/Templates', {
    headers,
    data: {
      Name: `Työsopimus, kesätyöntekijät ${run}`,
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: 'Low',
      Roles: [{ RoleName: 'Työntekijä' }, { RoleName: 'Esihenkilö' }],
    },
  });
  const template = ((await created.json()) as { Guid: string }).Guid;
  await page.request.post(`/api/esign/Templates/${template}/signfile`, {
    headers,
    multipart: {
      file: {
        name: 'Työsopimus.pdf',
        mimeType: 'application/pdf',
        buffer: await readFile(makeUserFiles().contract),
      },
    },
  });
  const bulkPage = `/templates/${template}/bulk`;

  await shootEverywhere(page, 'bulk-start', async (p) => {
    await p.goto(bulkPage);
    await expect(p.getByTestId('bulk-download')).toBeVisible();
  });
  await shootEverywhere(page, 'bulk-problems', async (p) => {
    await p.goto(bulkPage);
    await upload(p, [
      good(1),
      `Bertta;bertta(at)example.com;010101-123X;Åsa Ek;asa@example.com;Työsopimus 2;`,
      `;;;Åsa Ek;;${'Hyvin pitkä nimi '.repeat(13)};`,
    ]);
    await expect(p.getByTestId('bulk-problem').first()).toBeVisible();
  });
  await shootEverywhere(page, 'bulk-ready', async (p) => {
    await p.goto(bulkPage);
    await upload(p, [good(1), good(2), good(3)]);
    await expect(p.getByTestId('bulk-send')).toBeVisible();
  });
  await shootEverywhere(page, 'bulk-confirm', async (p) => {
    await p.goto(bulkPage);
    await upload(p, [good(1), good(2), good(3)]);
    await p.getByTestId('bulk-send').click();
    await expect(p.getByTestId('bulk-confirm')).toBeVisible();
  });

  await page.goto(bulkPage);
  await upload(
    page,
    Array.from({ length: 12 }, (_, index) => good(index + 1)),
  );
  await page.getByTestId('bulk-send').click();
  await page.getByTestId('bulk-confirm').click();
  await expect(page).toHaveURL(/\/batches\//);
  const batchPage = new URL(page.url()).pathname;
  await shootEverywhere(page, 'bulk-batch-done', async (p) => {
    await p.goto(batchPage);
    await expect(p.getByTestId('batch-list-link')).toBeVisible();
    await expect(p.getByTestId('batch-cancel')).toHaveCount(0, { timeout: 20_000 });
  });
  await shootEverywhere(page, 'bulk-list-filter', async (p) => {
    await p.goto(batchPage);
    await p.getByTestId('batch-list-link').click();
    await expect(p.getByTestId('batch-filter')).toBeVisible();
  });
});
