import { personalDataColumns } from '@esign/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  addDays,
  createGroupWithMember,
  downloadText,
  logInAsAdmin,
  logInElsewhere,
  organisationTimeZone,
  organisationToday,
  parseCsv,
  readReportTable,
  shownCount,
} from '../support/admin.ts';
import { expectNoSidewaysOverflow } from '../support/list.ts';
import { fiText } from '../support/locale.ts';
import { chooseLanguage, expectNoSeriousAxeViolations, frontpageTitles } from '../support/pages.ts';
import { logInAsSender, sendFlowThroughApi } from '../support/sender.ts';
import { identifyWithCode, invitationLink, signDocument, test } from '../support/signing.ts';

const run = Date.now().toString(36);

/** A toast the portal shows after an action (the toasts stay a few seconds). */
const toast = (page: Page, text: string) =>
  page.locator('.toast').filter({ hasText: text }).first();

/** A YYYY-MM month as the chart's axis and tooltip name it in Finnish ("marras 2026"). */
const shortMonth = (month: string) =>
  new Intl.DateTimeFormat('fi', { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** A YYYY-MM-DD date as the Finnish interface writes it (5.11.2026). */
const finnishDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${Number(day)}.${Number(month)}.${year}`;
};

/** The YYYY-MM-DD date of a Finnish one (5.11.2026). */
const isoOfFinnish = (written: string) => {
  const [day, month, year] = written.split('.');
  return `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
};

test.describe('the administrator', () => {
  // The administrator reads dates as the organisation does, so "today" is the reports' today.
  test.use({ timezoneId: organisationTimeZone });
  // Logins, a signature and axe on every screen: as long as the signing tests are allowed.
  test.describe.configure({ timeout: 60_000 });

  test('creates a group, adds a user and a group identifier, and finds both saved after a reload', async ({
    page,
    browser,
  }) => {
    const name = `Hallinto ${run}`;
    const identifier = `urn:mace:example.fi:e2e-${run}`;
    // Only users who have logged in are offered: the demo user logs in once first.
    await logInElsewhere(browser, 'user@example.com', 'user-demo');
    await logInAsAdmin(page);
    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fiText('groups.title'));

    await page.getByLabel(fiText('groups.newGroupName')).fill(name);
    await page.getByRole('button', { name: fiText('groups.create') }).click();
    await expect(toast(page, fiText('groups.created', { name }))).toBeVisible();
    const group = page.getByRole('region', { name, exact: true });
    await expect(group).toBeVisible();
    await expect(group).toContainText(fiText('groups.noMembers'));

    // 'Add a user' filters as one types; the demo user is chosen from the list.
    const picker = group.getByRole('combobox', { name: fiText('groups.addUser') });
    await picker.fill('ulla');
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    const option = group.getByRole('option', { name: /Ulla User/ });
    await expect(option).toHaveCount(1);
    await expect(option).toContainText('user@example.com');
    await option.click();
    await expect(picker).toHaveValue('');
    const members = group.getByRole('list', { name: fiText('groups.users') });
    await expect(members.getByRole('listitem')).toHaveCount(1);
    await expect(members).toContainText('Ulla User');

    await group.getByLabel(fiText('groups.groupIdentifier')).fill(identifier);
    await expect(group.getByText(fiText('groups.unsavedChanges'))).toBeVisible();
    await group.getByRole('button', { name: fiText('groups.save'), exact: true }).click();
    await expect(toast(page, fiText('dialogs.saved'))).toBeVisible();
    await expect(group.getByText(fiText('groups.unsavedChanges'))).toHaveCount(0);

    await page.reload();
    await expect(members.getByRole('listitem')).toHaveCount(1);
    await expect(members).toContainText('Ulla User');
    await expect(members).toContainText('user@example.com');
    await expect(
      members.getByRole('button', { name: fiText('groups.removeMember', { name: 'Ulla User' }) }),
    ).toBeVisible();
    await expect(group.getByLabel(fiText('groups.groupIdentifier'))).toHaveValue(identifier);
    await expectNoSeriousAxeViolations(page);

    // Removing it leaves the other tests the groups they had.
    await group.getByRole('button', { name: fiText('groups.removeGroup') }).click();
    const dialog = page.getByRole('dialog', {
      name: fiText('groups.removeDialog.title', { name }),
    });
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: fiText('groups.removeDialog.confirm') }).click();
    await expect(toast(page, fiText('groups.removed', { name }))).toBeVisible();
    await expect(group).toHaveCount(0);
  });

  test("keeps, on a phone, a taken group name's error under its field and a member's Remove on one line", async ({
    page,
    browser,
  }) => {
    // Two logins, a group made and saved, then the phone: more than the others' minute.
    test.slow();
    const name = `Puhelin ${run}`;
    await logInElsewhere(browser, 'user@example.com', 'user-demo');
    await logInAsAdmin(page);
    await createGroupWithMember(page, name, 'ulla');
    await page.setViewportSize({ width: 390, height: 844 });
    // Swedish has the longest words here (Ta bort, Skapa grupp).
    await chooseLanguage(page, 'sv');
    const group = page.getByRole('region', { name, exact: true });
    const remove = group.getByRole('listitem').getByRole('button');
    const lines = await remove.evaluate(
      (button) => button.clientHeight / parseFloat(getComputedStyle(button).lineHeight),
    );
    expect(lines).toBeLessThan(2);

    const field = page.getByRole('textbox', { name: 'Namn på den nya gruppen' });
    const create = page.getByRole('button', { name: 'Skapa grupp' });
    await field.fill(name);
    await create.click();
    const error = page.getByRole('alert').filter({ hasText: 'Det finns redan en grupp' });
    await expect(error).toBeVisible();
    const edgesOf = async (each: Locator) => {
      const box = await each.boundingBox();
      return { top: box?.y ?? 0, bottom: (box?.y ?? 0) + (box?.height ?? 0) };
    };
    const [fieldAt, errorAt, createAt] = await Promise.all([field, error, create].map(edgesOf));
    expect(errorAt?.top).toBeGreaterThanOrEqual(fieldAt?.bottom ?? Infinity);
    expect(createAt?.top).toBeGreaterThanOrEqual(errorAt?.bottom ?? Infinity);
    await expectNoSidewaysOverflow(page, 'groups at 390 px');

    await group.getByRole('button', { name: 'Ta bort grupp' }).click();
    await page
      .getByTestId('remove-group-dialog')
      .getByRole('button', { name: 'Ta bort grupp' })
      .click();
    await expect(group).toHaveCount(0);
  });

  test('writes the front-page text, which a visitor without a session sees, safely rendered', async ({
    page,
    browser,
  }) => {
    const heading = `Tervetuloa ${run}`;
    const text = [
      `# ${heading}`,
      'Lue **ohjeet** [täältä](https://example.fi/ohje).',
      '<script>window.injected = "script";</script>',
      '<img src="x" onerror="window.injected = \'img\'">',
      '[Vaarallinen linkki](javascript:window.injected="link")',
    ].join('\n\n');
    await logInAsAdmin(page);
    await page.goto('/settings');
    const editor = page.getByRole('region', { name: fiText('settings.frontpageInfo.heading') });
    const field = editor.getByRole('textbox', { name: fiText('settings.frontpageInfo.label') });
    const original = await field.inputValue();

    await field.fill(text);
    const preview = editor.getByTestId('frontpage-info-preview');
    await expect(preview.getByRole('heading', { name: heading })).toBeVisible();
    await editor.getByRole('button', { name: fiText('settings.frontpageInfo.save') }).click();
    await expect(toast(page, fiText('dialogs.saved'))).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const visitor = await browser.newContext();
    try {
      const front = await visitor.newPage();
      await front.goto('/');
      await expect(front.getByRole('heading', { level: 1 })).toHaveText(frontpageTitles.fi);
      await expect(front.getByTestId('header-user')).toHaveCount(0);
      const intro = front.getByTestId('frontpage-intro');
      await expect(intro.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(intro.locator('strong')).toHaveText('ohjeet');
      await expect(intro.getByRole('link', { name: 'täältä' })).toHaveAttribute(
        'href',
        'https://example.fi/ohje',
      );
      // Raw HTML is left out, and a script link keeps its text but loses its address.
      await expect(intro).toContainText('Vaarallinen linkki');
      await expect(intro.locator('script, img, [onerror]')).toHaveCount(0);
      await expect(intro.locator('[href^="javascript:" i]')).toHaveCount(0);
      await expect(intro).not.toContainText('window.injected');
      expect(await front.evaluate(() => 'injected' in window)).toBe(false);
      await expect(front.getByRole('link', { name: fiText('frontpage.button') })).toHaveAttribute(
        'href',
        /\/api\/esign\/Users\/ExternalLogin/,
      );
    } finally {
      await visitor.close();
    }

    // The text goes back to what it was.
    await field.fill(original);
    await editor.getByRole('button', { name: fiText('settings.frontpageInfo.save') }).click();
    await expect
      .poll(async () => (await page.request.get('/api/config/info')).json())
      .toBe(original);
  });

  test('reports the signings and logins made meanwhile, in the table, the chart and the CSV', async ({
    page,
    browser,
    openSigningPage,
  }) => {
    const today = organisationToday();
    const month = today.slice(0, 7);
    const labels = {
      sign: fiText('reports.operations.sign'),
      login: fiText('reports.operations.userLoginSuccess'),
      logout: fiText('reports.operations.userLogoutSuccess'),
    };
    await logInAsAdmin(page);
    await page.goto('/reports');
    await expect(page.getByText(fiText('reports.notCreated'))).toBeVisible();
    const start = page.getByLabel(fiText('reports.start'));
    const end = page.getByLabel(fiText('reports.end'));
    // The default range runs from the month eleven months back to today.
    await expect(end).toHaveValue(finnishDate(today));
    // Tomorrow too, so the events stay in range should the day change during the test.
    await end.fill(finnishDate(addDays(today, 1)));
    const range = { start: isoOfFinnish(await start.inputValue()), end: addDays(today, 1) };
    const create = page.getByRole('button', { name: fiText('reports.createReport') });
    const signings = page.getByRole('region', { name: fiText('reports.signingEvents') });
    const logins = page.getByRole('region', { name: fiText('reports.authenticationEvents') });
    const loaded = async (section: Locator) =>
      expect(
        section.getByRole('table').or(section.getByText(fiText('reports.noEvents'))),
      ).toBeVisible();

    await create.click();
    await loaded(signings);
    await loaded(logins);
    const before = {
      sign: await shownCount(signings, month, labels.sign),
      login: await shownCount(logins, month, labels.login),
      logout: await shownCount(logins, month, labels.logout),
    };

    // Meanwhile: the demo user logs in, sends a flow, a signer signs it, and the user logs out.
    const userContext = await browser.newContext();
    try {
      const user = await userContext.newPage();
      await logInAsSender(user);
      const signer = `raportti.${run}@example.com`;
      const flow = {
        name: `Raportoitava ${run}`,
        level: 'Low' as const,
        process: 'Concurrent' as const,
        language: 'en' as const,
        signers: [{ name: 'Signer', email: signer }],
      };
      await sendFlowThroughApi(user, flow);
      const signing = await openSigningPage(await invitationLink(signer, flow.name));
      await identifyWithCode(signing, signer, flow.name);
      await signDocument(signing);
      await user.getByRole('button', { name: 'Log out' }).click();
      await expect(user).toHaveURL('/logout');
    } finally {
      await userContext.close();
    }

    // Creating the same report again counts again: exactly one more of each.
    await create.click();
    await expect.poll(() => shownCount(signings, month, labels.sign)).toBe(before.sign + 1);
    await expect.poll(() => shownCount(logins, month, labels.login)).toBe(before.login + 1);
    await expect.poll(() => shownCount(logins, month, labels.logout)).toBe(before.logout + 1);

    for (const [section, title, stem] of [
      [signings, fiText('reports.signingEvents'), 'signing-events'],
      [logins, fiText('reports.authenticationEvents'), 'authentication-events'],
    ] as const) {
      const rows = await readReportTable(section);
      // The chart: a bar for each month and operation that has events, this month's among them.
      const chart = section.getByRole('img', { name: fiText('reports.chartTitle', { title }) });
      await expect(chart).toBeVisible();
      await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(rows.length);
      // Pointing at this month's bars brings up its figures, as the table has them.
      await chart.locator('.recharts-bar-rectangle').last().hover();
      const tooltip = section.locator('.recharts-tooltip-wrapper');
      await expect(tooltip).toContainText(shortMonth(month));
      for (const row of rows.filter((shown) => shown.month === month))
        await expect(tooltip).toContainText(`${row.operation}: ${row.count}`);

      // The CSV holds what the table shows.
      const csv = await downloadText(
        page,
        section.getByRole('button', { name: fiText('reports.exportCsv') }),
      );
      expect(csv.fileName).toBe(`${stem}_${range.start}_${range.end}.csv`);
      expect(parseCsv(csv.text)).toEqual([
        [fiText('reports.month'), fiText('reports.operation'), fiText('reports.count')],
        ...rows.map((row) => [row.month, row.operation, String(row.count)]),
      ]);
    }
    await expectNoSeriousAxeViolations(page);
  });

  test('writes report dates in the chosen language and reads them typed or picked from the calendar', async ({
    page,
  }) => {
    const today = organisationToday();
    await logInAsAdmin(page);
    await page.goto('/reports');
    const start = page.getByLabel(fiText('reports.start'));
    const end = page.getByLabel(fiText('reports.end'));
    const create = page.getByRole('button', { name: fiText('reports.createReport') });
    await expect(end).toHaveValue(finnishDate(today));

    // A day that does not exist is refused, in words, and nothing is created.
    await start.fill('30.2.2026');
    await create.click();
    await expect(page.getByRole('alert')).toContainText(
      fiText('dateInput.unreadable', { example: finnishDate(today) }),
    );
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(end).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(fiText('reports.notCreated'))).toBeVisible();

    // The calendar, by keyboard: it opens on the field's month, Escape closes it.
    const calendarButtons = page.getByRole('button', { name: fiText('dateInput.openCalendar') });
    await calendarButtons.first().focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: fiText('dateInput.calendar') });
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(calendarButtons.first()).toBeFocused();

    // Picked from the end date's calendar: the first day of its month.
    await calendarButtons.nth(1).click();
    await expect(calendar).toBeVisible();
    await expectNoSeriousAxeViolations(page, { experimental: true });
    await calendar
      .getByRole('gridcell')
      .getByRole('button', { name: /^\D*1\./ })
      .first()
      .click();
    await expect(calendar).toBeHidden();
    await expect(end).toHaveValue(finnishDate(`${today.slice(0, 7)}-01`));
    await expect(end).toBeFocused();

    // Typed the other ways people write dates: read, then written the Finnish way.
    await start.fill(`${today.slice(0, 7)}-01`);
    await start.blur();
    await expect(start).toHaveValue(finnishDate(`${today.slice(0, 7)}-01`));
    await create.click();
    await expect(page.getByRole('alert')).toBeHidden();
    await expect(page.getByText(fiText('reports.notCreated'))).toBeHidden();

    // In English the same dates read "1 Nov 2026".
    await chooseLanguage(page, 'en');
    const english = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${today.slice(0, 7)}-01T12:00:00Z`));
    await expect(page.getByLabel('Start date')).toHaveValue(english);
  });

  test('queries personal data by e-mail and identity code as CSV, and refuses an invalid code', async ({
    page,
  }) => {
    await logInAsAdmin(page);
    await page.goto('/personalreports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fiText('personalReports.title'),
    );
    await expectNoSeriousAxeViolations(page);
    const identifier = page.getByRole('textbox', { name: fiText('personalReports.identifier') });
    const targets = page.getByRole('group', { name: fiText('personalReports.targets') });
    const service = targets.getByRole('button', { name: fiText('personalReports.service') });
    const portal = targets.getByRole('button', { name: fiText('personalReports.portal') });
    const header = [...personalDataColumns];
    const column = (name: (typeof personalDataColumns)[number]) => header.indexOf(name);

    await page.getByLabel(fiText('personalReports.identifierTypes.Email')).check();
    await identifier.fill('user@example.com');
    const byEmail = await downloadText(page, portal);
    expect(byEmail.fileName).toMatch(/^personal-data-portal-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByTestId('personal-query-status')).toHaveText(
      fiText('personalReports.downloaded', { fileName: byEmail.fileName }),
    );
    const [emailHeader, ...emailRows] = parseCsv(byEmail.text);
    expect(emailHeader).toEqual(header);
    expect(emailRows[0]?.[column('Section')]).toBe('query');
    const users = emailRows.filter((row) => row[column('Section')] === 'user');
    expect(users).toHaveLength(1);
    expect(users[0]?.[column('Email')]).toBe('user@example.com');
    expect(users[0]?.[column('Name')]).toBe('Ulla User');
    expect(users[0]?.[column('Title')]).toBe('Planning officer');
    expect(emailRows.some((row) => row[column('Section')] === 'session')).toBe(true);

    const fromService = await downloadText(page, service);
    expect(fromService.fileName).toMatch(/^personal-data-service-\d{4}-\d{2}-\d{2}\.csv$/);
    const [serviceHeader, serviceQuery] = parseCsv(fromService.text);
    expect(serviceHeader).toEqual(header);
    expect(serviceQuery?.slice(0, 4)).toEqual(['query', '', '', 'service']);

    await page.getByLabel(fiText('personalReports.identifierTypes.Ssn')).check();
    await identifier.fill('131052-308T');
    const byCode = await downloadText(page, service);
    const [codeHeader, codeQuery] = parseCsv(byCode.text);
    expect(codeHeader).toEqual(header);
    expect(codeQuery?.[column('Role')]).toBe('Ssn');
    expect(codeQuery?.[column('Detail')]).toBe('131052-308T');

    // A wrong check character: the message, and no query and no file.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/Report/personal/')) asked.push(request.url());
    });
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await identifier.fill('131052-308A');
    await service.click();
    const form = page.getByTestId('personal-data-form');
    await expect(form.getByRole('alert')).toHaveText(
      fiText('validation.invalidPersonalIdentityCode'),
    );
    await expect(identifier).toHaveAttribute('aria-invalid', 'true');
    await expect(identifier).toBeFocused();
    await portal.click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(asked).toEqual([]);
    expect(downloads).toBe(0);
  });
});
