import { readFile } from 'node:fs/promises';
import { bulkCsvHeaders } from '@esign/contract';
import { expect, test, type Page } from '@playwright/test';
import { screenWidths } from '../screens/shoot.ts';
import { makeUserFiles } from '../support/files.ts';
import { xsrfHeaders } from '../support/list.ts';
import { textIn } from '../support/locale.ts';
import { mailboxUrl } from '../support/services.ts';
import { mailTo, type CaughtMail } from '../support/mailbox.ts';
import { chooseLanguage, expectNoSeriousAxeViolations, languages } from '../support/pages.ts';
import { logInAsSender } from '../support/sender.ts';

const run = Date.now().toString(36);
const roles = ['Työntekijä', 'Esihenkilö'];
const finnishHeader = [
  'Työntekijä: nimi',
  'Työntekijä: sähköpostiosoite',
  'Työntekijä: henkilötunnus',
  'Esihenkilö: nimi',
  'Esihenkilö: sähköpostiosoite',
  'Esihenkilö: henkilötunnus',
  'Allekirjoituspyynnön nimi',
  'Viesti',
];

/** A template with two open roles, sent in parallel, through the API; answers its Guid. */
async function makeTemplate(page: Page, name: string) {
  const headers = await xsrfHeaders(page);
  const created = await page.request.post('/api/esign/Templates', {
    headers,
    data: {
      Name: name,
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: 'Low',
      Language: 'fi',
      Roles: roles.map((role) => ({ RoleName: role })),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const guid = ((await created.json()) as { Guid: string }).Guid;
  const upload = await page.request.post(`/api/esign/Templates/${guid}/signfile`, {
    headers,
    multipart: {
      file: {
        name: 'Työsopimus.pdf',
        mimeType: 'application/pdf',
        buffer: await readFile(makeUserFiles().contract),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return guid;
}

const addressOf = (tag: string, role: 'a' | 'b', index: number) =>
  `${role}.${tag}.${index}@example.com`;

/** A CSV as Excel writes it in Finland: a BOM, semicolons, CRLF, Finnish letters. */
function finnishCsv(tag: string, rows: number, badRow?: number) {
  const lines = [finnishHeader.join(';')];
  for (let index = 1; index <= rows; index += 1)
    lines.push(
      [
        `Äijä Öhman ${index}`,
        index === badRow ? 'äijä.öhman(at)example.com' : addressOf(tag, 'a', index),
        '',
        `Åsa Ek ${index}`,
        addressOf(tag, 'b', index),
        '',
        `Työsopimus ${tag} ${index}`,
        '"Tervetuloa töihin; allekirjoitathan ""sopimuksen"""',
      ].join(';'),
    );
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'))]);
}

const invitations = (mails: CaughtMail[]) =>
  mails.filter((mail) => /\/sign\/\S{43}/.test(mail.text));

async function uploadAndCheck(page: Page, csv: Buffer) {
  await page.getByTestId('bulk-file').setInputFiles({
    name: 'tyosopimukset.csv',
    mimeType: 'text/csv',
    buffer: csv,
  });
  await page.getByTestId('bulk-check').click();
}

test.describe('bulk send from a template', () => {
  for (const language of languages) {
    test(`in ${language}: a 20-row CSV is checked, fixed, sent, and every signer gets one invitation`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const tag = `${run}${language}`;
      await logInAsSender(page);
      await chooseLanguage(page, language);
      const template = await makeTemplate(page, `Työsopimus ${tag}`);

      // From the template's card in the templates view.
      await page.goto('/templates');
      await page
        .getByTestId('template-row')
        .filter({ hasText: `Työsopimus ${tag}` })
        .getByTestId('template-bulk')
        .click();
      await expect(page).toHaveURL(`/templates/${template}/bulk`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        textIn(language, 'bulk.title'),
      );

      const downloading = page.waitForEvent('download');
      await page.getByTestId('bulk-download').click();
      const download = await downloading;
      const csvTemplate = await readFile(await download.path());
      expect([...csvTemplate.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const firstLine = csvTemplate.subarray(3).toString('utf8').split('\r\n')[0] ?? '';
      expect(firstLine).toBe(bulkCsvHeaders(roles, language).join(language === 'en' ? ',' : ';'));

      await uploadAndCheck(page, finnishCsv(tag, 20, 6));
      await expect(page.getByTestId('bulk-problem')).toHaveCount(1);
      const problem = page.getByTestId('bulk-problem');
      await expect(problem).toContainText('7');
      await expect(problem).toContainText('Työntekijä: sähköpostiosoite');
      await expect(problem).toContainText(textIn(language, 'validation.invalidSignerEmail'));
      await expect(page.getByTestId('bulk-send')).toHaveCount(0);
      for (const width of [screenWidths.phone, screenWidths.desktop]) {
        await page.setViewportSize(width);
        await expectNoSeriousAxeViolations(page, { experimental: true });
      }

      await uploadAndCheck(page, finnishCsv(tag, 20));
      await expect(page.getByTestId('bulk-problem')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2 }).last()).toHaveText(
        textIn(language, 'bulk.ready_other', { count: 20 }),
      );
      await page.getByTestId('bulk-send').click();
      await page.getByTestId('bulk-confirm').click();
      await expect(page).toHaveURL(/\/batches\/[\w-]+$/);
      await expect(page.getByTestId('batch-status')).toHaveText(
        textIn(language, 'bulk.batch.status.done'),
        { timeout: 30_000 },
      );
      await expect(page.getByTestId('batch-sent')).toContainText('20');
      await expect(page.getByTestId('batch-cancel')).toHaveCount(0);
      for (const width of [screenWidths.phone, screenWidths.desktop]) {
        await page.setViewportSize(width);
        await expectNoSeriousAxeViolations(page, { experimental: true });
      }

      // Every signer of every row: one invitation, with a link of their own.
      const addresses = Array.from({ length: 20 }, (_, index) => [
        addressOf(tag, 'a', index + 1),
        addressOf(tag, 'b', index + 1),
      ]).flat();
      await expect
        .poll(
          async () => {
            const counts = await Promise.all(
              addresses.map(async (address) => invitations(await mailTo(address)).length),
            );
            return counts.filter((count) => count >= 1).length;
          },
          { timeout: 30_000 },
        )
        .toBe(40);
      const links = new Set<string>();
      for (const address of addresses) {
        const mails = invitations(await mailTo(address));
        expect(mails, address).toHaveLength(1);
        links.add(/\/sign\/\S{43}/.exec(mails[0]?.text ?? '')?.[0] ?? '');
      }
      expect(links.size).toBe(40);

      await page.getByTestId('batch-list-link').click();
      await expect(page.getByTestId('batch-filter')).toBeVisible();
      await expect(page.getByTestId('batch-filter')).toContainText(
        textIn(language, 'signflow.list.batchFilter'),
      );
      await expect(page.getByText(`Työsopimus ${tag} 20`, { exact: true }).first()).toBeVisible();
      await page
        .getByRole('button', { name: textIn(language, 'signflow.list.removeBatchFilter') })
        .click();
      await expect(page.getByTestId('batch-filter')).toHaveCount(0);
      await expect(page).not.toHaveURL(/batch=/);
    });
  }

  test('a batch cancelled halfway leaves the rest unsent', async ({ page }) => {
    test.setTimeout(120_000);
    const tag = `${run}cancel`;
    const rows = 400;
    await logInAsSender(page);
    const template = await makeTemplate(page, `Työsopimus ${tag}`);
    await page.goto(`/templates/${template}/bulk`);
    await uploadAndCheck(page, finnishCsv(tag, rows));
    await page.getByTestId('bulk-send').click();
    await page.getByTestId('bulk-confirm').click();
    await expect(page).toHaveURL(/\/batches\/[\w-]+$/);
    await page.getByTestId('batch-cancel').click();
    await page.getByTestId('batch-cancel-confirm').click();
    await expect(page.getByTestId('batch-status')).toHaveText(
      textIn('en', 'bulk.batch.status.cancelled'),
    );
    const batchId = page.url().split('/').at(-1) ?? '';
    const batch = (await (await page.request.get(`/api/esign/Batches/${batchId}`)).json()) as {
      Sent: number;
      Cancelled: number;
      Queued: number;
      Failed: unknown[];
    };
    expect(batch.Cancelled).toBeGreaterThan(0);
    expect(batch.Sent).toBeLessThan(rows);
    // The rows being made at the moment of cancelling finish; then nothing more is sent.
    await expect
      .poll(async () => {
        const now = (await (await page.request.get(`/api/esign/Batches/${batchId}`)).json()) as {
          Queued: number;
        };
        return now.Queued;
      })
      .toBe(0);
    const after = (await (await page.request.get(`/api/esign/Batches/${batchId}`)).json()) as {
      Sent: number;
      Cancelled: number;
    };
    expect(after.Sent + after.Cancelled).toBe(rows);
    const listed = (await (
      await page.request.get(`/api/esign/SignFlows?batch=${batchId}&pageSize=1`)
    ).json()) as { Total: number };
    expect(listed.Total).toBe(after.Sent);
    // Two invitations for each flow sent, none for the cancelled rows, even a while later.
    const ofBatch = async () => {
      const response = await fetch(`${mailboxUrl}/messages`);
      const all = (await response.json()) as CaughtMail[];
      return invitations(all.filter((mail) => mail.to.includes(`.${tag}.`)));
    };
    await expect
      .poll(async () => (await ofBatch()).length, { timeout: 30_000 })
      .toBe(2 * after.Sent);
    await page.waitForTimeout(3000);
    expect(await ofBatch()).toHaveLength(2 * after.Sent);
  });
});
