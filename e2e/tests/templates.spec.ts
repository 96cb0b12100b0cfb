import { expect, type Browser, type Page } from '@playwright/test';
import { logInElsewhere } from '../support/admin.ts';
import { makeUserFiles } from '../support/files.ts';
import { xsrfHeaders } from '../support/list.ts';
import { textIn } from '../support/locale.ts';
import { waitForMail } from '../support/mailbox.ts';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  languages,
  logIn,
  type Language,
} from '../support/pages.ts';
import {
  identifyWithCode,
  viewports,
  invitationLink,
  signDocument,
  subjects,
  test,
} from '../support/signing.ts';

const run = Date.now().toString(36);
const owner = { email: 'user@example.com', password: 'user-demo' };
const member = { email: 'user2@example.com', password: 'user2-demo' };

/** A group holding the owner and the other member, made through the API as the administrator. */
async function groupOfBoth(browser: Browser, name: string) {
  await logInElsewhere(browser, owner.email, owner.password);
  await logInElsewhere(browser, member.email, member.password);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, 'admin@example.com', 'admin-demo');
  await expect(page.getByTestId('header-user')).toBeVisible();
  const headers = await xsrfHeaders(page);
  const roles = '/api/esign/Roles';
  const group = (await (
    await page.request.post(
      `${roles}/CreateUserGroup?name=${encodeURIComponent(name)}&type=CreatedByUser`,
      { headers },
    )
  ).json()) as { Id: string };
  const users = (await (await page.request.get(`${roles}/ListUsers`)).json()) as Array<{
    Id: string;
    Email: string;
  }>;
  const stamp = (await (
    await page.request.get(`${roles}/GetGroupUsers?groupId=${group.Id}`)
  ).json()) as { ConcurrencyStamp: string };
  const saved = await page.request.post(`${roles}/UpdateGroup`, {
    headers,
    data: {
      GroupId: group.Id,
      Users: users
        .filter((user) => [owner.email, member.email].includes(user.Email))
        .map((user) => user.Id),
      ConcurrencyStamp: stamp.ConcurrencyStamp,
    },
  });
  expect(saved.status()).toBe(200);
  await context.close();
}

/** axe with its experimental rules too, at phone and at desktop width (ending at desktop). */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page, { experimental: true });
  }
}

async function signedIn(browser: Browser, who: typeof owner, language: Language) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, who.email, who.password);
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  await chooseLanguage(page, language);
  return page;
}

/** The owner makes a template with two roles and a fixed attachment, shared with the group. */
async function makeTemplate(page: Page, language: Language, name: string, group: string) {
  const text = (key: string, values?: Record<string, string | number>) =>
    textIn(language, key, values);
  // Beside the list.
  await page.getByTestId('templates-link').click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('templates.title') }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByTestId('template-create').click();
  await expect(page).toHaveURL('/templates/new');
  await page.getByTestId('template-name').fill(name);
  await page.getByTestId('template-note').fill('Please sign by Friday.');
  await page.getByTestId('template-process-Sequential').check();
  await page.getByTestId('template-level').selectOption('Low');
  await page.getByTestId('template-language').selectOption('en');
  await page.getByTestId('role-name-0').fill(text('templates.edit.roleName') + ' A');
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name-1').fill('Supervisor');
  await page.getByTestId('role-person-name-1').fill('Sanna Supervisor');
  await page.getByTestId('role-email-1').fill(`supervisor.${run}.${language}@example.com`);
  await page.getByTestId('template-group').selectOption({ label: group });
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  const files = makeUserFiles();
  await page.getByTestId('template-signfile-input').setInputFiles(files.contract);
  await expect(page.getByTestId('template-signfile-row')).toContainText('Vuokrasopimus.pdf');
  await page.getByTestId('template-attachment-input').setInputFiles(files.text);
  await expect(page.getByTestId('template-attachment-row')).toContainText('ehdot.txt');
  await expectAccessibleAtBothWidths(page);
}

test.describe('templates', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a template shared with a group is used by another member to send a flow that finishes, in fi, en and sv', async ({
    browser,
    openSigningPage,
  }) => {
    const group = `Templates ${run}`;
    await groupOfBoth(browser, group);
    for (const language of languages) {
      const name = `Työsopimus ${language} ${run}`;
      const ownerPage = await signedIn(browser, owner, language);
      await makeTemplate(ownerPage, language, name, group);
      await ownerPage.context().close();

      const page = await signedIn(browser, member, language);
      const text = (key: string, values?: Record<string, string | number>) =>
        textIn(language, key, values);
      await page.getByRole('link', { name: text('templates.title') }).click();
      await page.getByTestId('template-search').fill(name);
      await page.getByRole('button', { name: text('templates.searchButton') }).click();
      const row = page.getByTestId('template-row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(text('templates.list.sharedWith', { group }));
      // A member without edit rights may open and use it, not edit or remove it.
      await expect(row.getByTestId('template-delete')).toHaveCount(0);
      await row.getByTestId('template-use').click();

      await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('signfile-name')).toContainText('Vuokrasopimus.pdf');
      const rows = page.getByTestId('signer-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).locator('legend')).toContainText(
        text('templates.edit.roleName') + ' A',
      );
      await expect(rows.nth(1).locator('legend')).toContainText('Supervisor');
      const employee = `employee.${run}.${language}@example.com`;
      await page.getByTestId('signer-name-0').fill('Erkki Employee');
      await page.getByTestId('signer-email-0').fill(employee);
      await expectAccessibleAtBothWidths(page);
      await page.getByTestId('send-to-sign').click();
      await page.getByTestId('confirm-send').click();
      // Sent, the list shows it.
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText(
        text('signflow.status.Sent'),
      );

      // Sequential: the employee first, then the supervisor.
      for (const signer of [employee, `supervisor.${run}.${language}@example.com`]) {
        const signing = await openSigningPage(await invitationLink(signer, name));
        await identifyWithCode(signing, signer, name);
        await signDocument(signing);
      }
      await waitForMail(member.email, subjects.finished(name));
      await page.context().close();
    }
  });
});
