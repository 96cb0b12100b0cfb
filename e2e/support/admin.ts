import { readFile } from 'node:fs/promises';
import { expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { logIn } from './pages.ts';
import { fiText } from './locale.ts';

/** The organisation's time zone (the portal's TIME_ZONE default): reports count its days. */
export const organisationTimeZone = 'Europe/Helsinki';

/** Today's calendar date in the organisation's time zone, YYYY-MM-DD. */
export function organisationToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: organisationTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The calendar date some days after another (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Logs the demo administrator in; the portal stays in its default language, Finnish. */
export async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, 'admin@example.com', 'admin-demo');
  await expect(page.getByTestId('header-display-name')).toHaveText('Aino Admin');
}

/** Logs a user in (and so into the portal's user list) in a browser of its own, then closes it. */
export async function logInElsewhere(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await logIn(page, email, password);
    await expect(page.getByTestId('header-user')).toBeVisible();
  } finally {
    await context.close();
  }
}

/** Clicks something that starts a download and answers the file's name and its text. */
export async function downloadText(page: Page, trigger: Locator) {
  const downloaded: Promise<Download> = page.waitForEvent('download');
  await trigger.click();
  const download = await downloaded;
  const text = await readFile(await download.path(), 'utf8');
  return { fileName: download.suggestedFilename(), text };
}

/** CSV text as rows of fields (RFC 4180 quoting), the byte-order mark and the last CRLF taken off. */
export function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the CSV starts with a byte-order mark').toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let at = 0; at < body.length; at += 1) {
    const char = body[at];
    if (quoted) {
      if (char === '"' && body[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[at + 1] === '\n') {
      row.push(field);
      rows.push(row);
      [row, field] = [[], ''];
      at += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** One row of a report's table as the page shows it: month (YYYY-MM), operation, count. */
export interface ShownReportRow {
  month: string;
  operation: string;
  count: number;
}

/** The rows of a report section's table; none while it has no events. */
export function readReportTable(section: Locator): Promise<ShownReportRow[]> {
  return section.locator('table tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from(row.querySelectorAll('td'));
      return {
        month: cells[0]?.querySelector('time')?.getAttribute('datetime') ?? '',
        operation: cells[1]?.textContent ?? '',
        // The count is grouped by the language's rules ("12 741"): digits only.
        count: Number((cells[2]?.textContent ?? '').replace(/\D/g, '')),
      };
    }),
  );
}

/** The count a report's table shows for one month and operation; 0 when it has no row. */
export async function shownCount(section: Locator, month: string, operation: string) {
  const rows = await readReportTable(section);
  return rows.find((row) => row.month === month && row.operation === operation)?.count ?? 0;
}

/**
 * Creates a group on /groups (the portal in Finnish) and saves one member in it, chosen from
 * 'Add a user' by what `search` finds; the member must have logged in once.
 */
export async function createGroupWithMember(page: Page, name: string, search: string) {
  await page.goto('/groups');
  await page.getByLabel(fiText('groups.newGroupName')).fill(name);
  await page.getByRole('button', { name: fiText('groups.create') }).click();
  const group = page.getByRole('region', { name, exact: true });
  await group.getByRole('combobox', { name: fiText('groups.addUser') }).fill(search);
  await group.getByRole('option').first().click();
  await group.getByRole('button', { name: fiText('groups.save'), exact: true }).click();
  await expect(group.getByText(fiText('groups.unsavedChanges'))).toHaveCount(0);
  await expect(group.getByRole('list', { name: fiText('groups.users') })).toBeVisible();
}
