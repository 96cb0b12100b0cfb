import { expect, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox.ts';
import { chooseLanguage, expectNoSeriousAxeViolations, languages } from '../support/pages.ts';
import { textIn } from '../support/locale.ts';
import { makeUserFiles } from '../support/files.ts';
import { letDaysPassForFlows } from '../support/database.ts';
import { addSigners, logInAsSender, sendFlowThroughApi, startNewFlow } from '../support/sender.ts';
import { test } from '../support/signing.ts';

const run = Date.now().toString(36);
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** A calendar date (YYYY-MM-DD) some days from today in the portal's time zone. */
function daysFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Helsinki',
    dateStyle: 'short',
  }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The date as the portal writes it in each language: 8.1.2027, 8 Jan 2027, 2027-01-08. */
function written(date: string, language: 'fi' | 'en' | 'sv'): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (language === 'fi') return `${day}.${month}.${year}`;
  if (language === 'sv') return date;
  const name = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  return `${day} ${name} ${year}`;
}

async function expectAccessibleAtBothWidths(page: Page) {
  for (const size of widths) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeViolations(page, { experimental: true });
  }
  await page.setViewportSize(widths[0] ?? { width: 1280, height: 800 });
}

test('the sender sets a flow’s last day to sign, sees it on the flow page and extends it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const signer = { name: 'Dora Deadline', email: `dora.${run}@example.com` };
  const name = `Määräaikasopimus ${run}`;
  const chosen = daysFromToday(10);
  const extended = daysFromToday(40);
  await logInAsSender(page);
  await startNewFlow(page, name);
  await addSigners(page, [signer]);

  // Offered: today + SIGNING_DEADLINE_DAYS (30), written in the user's language. (Checked
  // before a file is added: the file row's remove button fails axe's experimental
  // label-content-name-mismatch rule, which is not this feature's.)
  for (const language of languages) {
    await chooseLanguage(page, language);
    const field = page.getByLabel(textIn(language, 'signflow.edit.expiryDate.label'), {
      exact: true,
    });
    await expect(field).toHaveValue(written(daysFromToday(30), language));
    await expectAccessibleAtBothWidths(page);
  }
  await chooseLanguage(page, 'en');
  await page.getByTestId('signfile-input').setInputFiles(makeUserFiles().contract);
  await expect(page).toHaveURL(/\/esign\/edit\/[0-9a-f-]{36}$/);
  const flowId = page.url().split('/').at(-1) ?? '';
  await page.getByTestId('signature-level').selectOption('Low');
  await page.getByTestId('message-language').selectOption('en');
  const field = page.getByLabel('Sign by', { exact: true });
  // A date past the maximum is refused under the field, and nothing is sent.
  await field.fill(daysFromToday(400));
  await field.blur();
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('field-error-ExpiryDate')).toHaveText(
    'The date can be at most 365 days from today',
  );
  await field.fill(chosen);
  await field.blur();
  await expect(field).toHaveValue(written(chosen, 'en'));
  await page.getByTestId('send-to-sign').click();
  await page.getByTestId('confirm-send').click();
  await expect(page.getByText('Sent.', { exact: true })).toBeVisible();

  await page.goto(`/esign/edit/${flowId}`);
  await expect(page.getByTestId('flow-page')).toBeVisible();
  for (const language of languages) {
    await chooseLanguage(page, language);
    await expect(page.getByTestId('signing-deadline')).toContainText(written(chosen, language));
    await expect(page.getByTestId('extend-deadline')).toHaveText(
      textIn(language, 'signflow.status.extend.button'),
    );
  }

  await chooseLanguage(page, 'en');
  await page.getByTestId('extend-deadline').click();
  const newDate = page.getByLabel('New last day to sign', { exact: true });
  for (const language of languages) {
    await chooseLanguage(page, language);
    await expectAccessibleAtBothWidths(page);
  }
  await chooseLanguage(page, 'en');
  // Not later than the current date: refused, and the deadline stays.
  await newDate.fill(chosen);
  await page.getByTestId('extend-deadline-save').click();
  await expect(page.getByTestId('extend-error')).toHaveText(
    'Choose a date later than the current deadline',
  );
  await newDate.fill(extended);
  await page.getByTestId('extend-deadline-save').click();
  await expect(page.getByTestId('extend-done')).toHaveText(
    `The deadline is now ${written(extended, 'en')}. The signers who have not signed yet were told.`,
  );
  await expect(page.getByTestId('signing-deadline')).toContainText(written(extended, 'en'));
  const notice = await waitForMail(signer.email, `More time to sign: ${name}`);
  expect(notice.text).toContain('Please sign by');
  await expect(page.getByTestId('flow-timeline')).toContainText(
    `Deadline extended to ${written(extended, 'en')}; the signers still to sign were told`,
  );
  for (const language of languages) {
    await chooseLanguage(page, language);
    await expectAccessibleAtBothWidths(page);
  }
});

test('each flow expires at its own deadline: two days on, the flow due tomorrow has ended and the one due in three days waits', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsSender(page);
  const flow = (name: string, expiryDate: string) => ({
    name: `${name} ${run}`,
    level: 'Low' as const,
    process: 'Concurrent' as const,
    language: 'en' as const,
    expiryDate,
    signers: [{ name: 'Erkki Expiry', email: `erkki.${run}@example.com` }],
  });
  const soon = await sendFlowThroughApi(page, flow('Due tomorrow', daysFromToday(1)));
  const later = await sendFlowThroughApi(page, flow('Due in three days', daysFromToday(3)));
  const statusOf = async (flowId: string) => {
    const detail = await page.request.get(`/api/esign/SignFlows/${flowId}`);
    return ((await detail.json()) as { Status: string; ExpiryDate: string }).Status;
  };

  letDaysPassForFlows([soon, later], 2);
  // Expired flows show as Cancelled in SPEC §2's statuses; the flow page says it expired.
  await expect.poll(() => statusOf(soon), { timeout: 30_000 }).toBe('Cancelled');
  expect(await statusOf(later)).toBe('Sent');

  await page.goto(`/esign/edit/${soon}`);
  for (const language of languages) {
    await chooseLanguage(page, language);
    await expect(page.getByTestId('outcome-expired')).toBeVisible();
  }
  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('outcome-expired')).toHaveText(
    /^Expired .+: not everyone signed by the deadline\.$/,
  );
  await page.goto(`/esign/edit/${later}`);
  await expect(page.getByTestId('signing-deadline')).toContainText(written(daysFromToday(3), 'en'));
  await expect(page.getByTestId('extend-deadline')).toBeVisible();
});
