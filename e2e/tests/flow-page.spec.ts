import { expect, type Page } from '@playwright/test';
import { expireFlowNow, failFlow } from '../support/database.ts';
import { waitForMail } from '../support/mailbox.ts';
import {
  chooseLanguage,
  expectNoSeriousAxeViolations,
  languages,
  type Language,
} from '../support/pages.ts';
import {
  logInAsSender,
  sendFlowThroughApi,
  signingLinkFromSender,
  type FlowToSend,
} from '../support/sender.ts';
import {
  identifyWithCode,
  invitationLink,
  rejectDocument,
  signDocument,
  test,
} from '../support/signing.ts';

const run = Date.now().toString(36);
const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** What the flow page says in each language, written out so that a wrong translation fails. */
const texts = {
  fi: {
    status: {
      Sent: 'Lähetetty',
      Finished: 'Valmis',
      Rejected: 'Hylätty',
      Cancelled: 'Peruttu',
      Expired: 'Vanhentunut',
      Error: 'Virhe',
    },
    progress: (signed: number, total: number) => `Allekirjoittaneita ${signed}/${total}.`,
    waitingFor: (names: string) => `Odottaa allekirjoitusta: ${names}.`,
    notInvited: 'Ei vielä kutsuttu: odottaa vuoroaan',
    finished: /^Valmistui .+: kaikki ovat allekirjoittaneet\.$/,
    rejectedBy: (name: string) => new RegExp(`^${name} hylkäsi pyynnön .+\\.$`),
    cancelledBy: (name: string) => new RegExp(`^${name} perui pyynnön .+\\.$`),
    expired: /^Vanhentui .+: kaikki eivät allekirjoittaneet määräaikaan mennessä\.$/,
    comment: (text: string) => `Kommentti: ”${text}”`,
    level: 'Taso: Sähköinen perusallekirjoitus',
    actions: {
      cancel: 'Peru pyyntö',
      copy: 'Kopioi uudeksi',
      template: 'Tallenna pohjaksi',
      delete: 'Poista pyyntö',
    },
  },
  en: {
    status: {
      Sent: 'Sent',
      Finished: 'Finished',
      Rejected: 'Rejected',
      Cancelled: 'Cancelled',
      Expired: 'Expired',
      Error: 'Error',
    },
    progress: (signed: number, total: number) => `${signed} of ${total} signers have signed.`,
    waitingFor: (names: string) => `Waiting for: ${names}.`,
    notInvited: 'Not invited yet: waiting for their turn',
    finished: /^Finished .+: every signer has signed\.$/,
    rejectedBy: (name: string) => new RegExp(`^${name} rejected the request .+\\.$`),
    cancelledBy: (name: string) => new RegExp(`^${name} cancelled the request .+\\.$`),
    expired: /^Expired .+: not everyone signed by the deadline\.$/,
    comment: (text: string) => `Comment: “${text}”`,
    level: 'Level: Simple electronic signature',
    actions: {
      cancel: 'Cancel the request',
      copy: 'Copy as new',
      template: 'Save as template',
      delete: 'Delete the request',
    },
  },
  sv: {
    status: {
      Sent: 'Skickad',
      Finished: 'Slutförd',
      Rejected: 'Avvisad',
      Cancelled: 'Återkallad',
      Expired: 'Utgången',
      Error: 'Fel',
    },
    progress: (signed: number, total: number) =>
      `${signed} av ${total} undertecknare har undertecknat.`,
    waitingFor: (names: string) => `Väntar på: ${names}.`,
    notInvited: 'Inte inbjuden ännu: väntar på sin tur',
    finished: /^Slutförd .+: alla undertecknare har undertecknat\.$/,
    rejectedBy: (name: string) => new RegExp(`^${name} avvisade begäran .+\\.$`),
    cancelledBy: (name: string) => new RegExp(`^${name} återkallade begäran .+\\.$`),
    expired: /^Gick ut .+: alla hann inte underteckna före tidsfristen\.$/,
    comment: (text: string) => `Kommentar: ”${text}”`,
    level: 'Nivå: Enkel elektronisk underskrift',
    actions: {
      cancel: 'Återkalla begäran',
      copy: 'Kopiera som ny',
      template: 'Spara som mall',
      delete: 'Radera begäran',
    },
  },
};
type Texts = (typeof texts)[Language];
type State = keyof Texts['status'];

const flowOf = (name: string, signers: FlowToSend['signers']): FlowToSend => ({
  name,
  level: 'Low',
  process: 'Sequential',
  language: 'en',
  signers,
});

async function statusOf(page: Page, flowId: string) {
  const detail = await page.request.get(`/api/esign/SignFlows/${flowId}`);
  return ((await detail.json()) as { Status: string }).Status;
}

/** The page's status and the actions it offers, in one language. */
async function expectStateAndActions(page: Page, text: Texts, state: State) {
  await expect(page.getByTestId('flow-page-status')).toHaveText(text.status[state]);
  const actions = page.getByTestId('flow-actions');
  const offered =
    state === 'Sent'
      ? [text.actions.cancel, text.actions.copy, text.actions.template]
      : [text.actions.copy, text.actions.template, text.actions.delete];
  await expect(actions.locator('a, button')).toHaveText(offered);
  // Nothing on the page is a form field (the header's language choice is not the page's).
  const flowPage = page.getByTestId('flow-page');
  await expect(flowPage.getByRole('textbox')).toHaveCount(0);
  await expect(flowPage.getByRole('combobox')).toHaveCount(0);
}

async function expectAccessibleAtBothWidths(page: Page) {
  for (const size of widths) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeViolations(page);
  }
  await page.setViewportSize(widths[0] ?? { width: 1280, height: 800 });
}

test.describe('the flow page', () => {
  test('a sent flow says who is awaited; the sender copies a pending signer’s link, reminds them (once an hour) and cancels it from the page', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await context.grantPermissions(['clipboard-write']);
    // The portal's Permissions-Policy lets its pages write the clipboard, never read it: what
    // the page writes is kept beside the real write, for the test to read.
    await page.addInitScript(() => {
      const write = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied?: string }).copied = text;
        await write(text);
      };
    });
    const first = { name: 'Anna Aaltonen', email: `anna.${run}@example.com` };
    const second = { name: 'Bertil Berg', email: `bertil.${run}@example.com` };
    const flow = flowOf(`Vuokrasopimus lähetetty ${run}`, [first, second]);
    await logInAsSender(page);
    const flowId = await sendFlowThroughApi(page, flow);
    await invitationLink(first.email, flow.name);

    await page.goto(`/esign/edit/${flowId}`);
    await expect(page.getByTestId('flow-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(flow.name);
    await expect(page.getByTestId('flow-preview').locator('canvas')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('sign-file')).toHaveText('Vuokrasopimus.pdf');
    for (const language of languages) {
      await chooseLanguage(page, language);
      const text = texts[language];
      await expectStateAndActions(page, text, 'Sent');
      await expect(page.getByTestId('outcome-progress')).toHaveText(text.progress(0, 2));
      await expect(page.getByTestId('outcome-waitingFor')).toHaveText(text.waitingFor(first.name));
      await expect(page.getByTestId('signer-facts-1')).toHaveText(text.notInvited);
      await expectAccessibleAtBothWidths(page);
    }
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('remind-0')).toBeVisible();
    await expect(page.getByTestId('remind-1')).toHaveCount(0); // not invited yet

    await page.getByTestId('copy-link-0').click();
    await expect(page.getByText('The link was copied to the clipboard.')).toBeVisible();
    const copied = await page.evaluate(
      () => (window as unknown as { copied?: string }).copied ?? '',
    );
    const link = await signingLinkFromSender(page, flowId, first.email);
    expect(copied).toBe(new URL(link, copied).href);

    await page.getByTestId('remind-0').click();
    await expect(page.getByText(`A reminder was sent to ${first.name}.`)).toBeVisible();
    const reminder = await waitForMail(first.email, `Reminder: signature request ${flow.name}`);
    expect(reminder.text).toContain(link);
    await expect(page.getByTestId('signer-facts-0')).toContainText('Last reminded');
    await page.getByTestId('remind-0').click();
    await expect(page.getByTestId('remind-error-0')).toHaveText(
      'This signer was reminded less than an hour ago. You can send a new reminder later.',
    );

    await page.getByTestId('flow-cancel').click();
    await page.getByTestId('cancel-comment').fill('Väärä vuokra');
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByTestId('flow-page-status')).toHaveText('Cancelled');
    for (const language of languages) {
      await chooseLanguage(page, language);
      const text = texts[language];
      await expectStateAndActions(page, text, 'Cancelled');
      await expect(page.getByTestId('outcome-cancelledBy')).toHaveText(
        text.cancelledBy('Ulla User'),
      );
      await expect(page.getByTestId('outcome-comment')).toHaveText(text.comment('Väärä vuokra'));
      await expect(page.getByTestId('copy-link-0')).toHaveCount(0);
      await expectAccessibleAtBothWidths(page);
    }
  });

  test('finished, rejected, expired and failed flows each say how they ended and offer copy and delete', async ({
    page,
    openSigningPage,
  }) => {
    test.setTimeout(360_000);
    await logInAsSender(page);
    const finisher = { name: 'Fanny Finnilä', email: `fanny.${run}@example.com` };
    const rejecter = { name: 'Rauli Rantanen', email: `rauli.${run}@example.com` };
    const late = { name: 'Leena Lehto', email: `leena.${run}@example.com` };
    const failing = { name: 'Veikko Virta', email: `veikko.${run}@example.com` };
    const finished = flowOf(`Valmis sopimus ${run}`, [finisher]);
    const rejected = flowOf(`Hylätty sopimus ${run}`, [rejecter]);
    const expiring = flowOf(`Vanhentunut sopimus ${run}`, [late]);
    const failed = flowOf(`Epäonnistunut sopimus ${run}`, [failing]);
    const ids = {
      finished: await sendFlowThroughApi(page, finished),
      rejected: await sendFlowThroughApi(page, rejected),
      expired: await sendFlowThroughApi(page, expiring),
      failed: await sendFlowThroughApi(page, failed),
    };

    const signer = await openSigningPage(await invitationLink(finisher.email, finished.name));
    await identifyWithCode(signer, finisher.email, finished.name);
    await signDocument(signer);
    const rejecting = await openSigningPage(await invitationLink(rejecter.email, rejected.name));
    await identifyWithCode(rejecting, rejecter.email, rejected.name);
    await rejectDocument(rejecting, 'Vuokra on väärin');
    await invitationLink(late.email, expiring.name);
    expireFlowNow(ids.expired);
    failFlow(ids.failed, 'The signed file could not be stored.');
    await expect.poll(() => statusOf(page, ids.finished), { timeout: 30_000 }).toBe('Finished');
    await expect.poll(() => statusOf(page, ids.expired), { timeout: 30_000 }).toBe('Cancelled');

    await page.goto(`/esign/edit/${ids.finished}`);
    await expect(page.getByTestId('signed-file')).toBeVisible();
    for (const language of languages) {
      await chooseLanguage(page, language);
      const text = texts[language];
      await expectStateAndActions(page, text, 'Finished');
      await expect(page.getByTestId('outcome-finished')).toHaveText(text.finished);
      await expect(page.getByTestId('signer-facts-0')).toContainText(text.level);
      await expectAccessibleAtBothWidths(page);
    }

    await page.goto(`/esign/edit/${ids.rejected}`);
    for (const language of languages) {
      await chooseLanguage(page, language);
      const text = texts[language];
      await expectStateAndActions(page, text, 'Rejected');
      await expect(page.getByTestId('outcome-rejectedBy')).toHaveText(
        text.rejectedBy(rejecter.name),
      );
      await expect(page.getByTestId('outcome-comment')).toHaveText(
        text.comment('Vuokra on väärin'),
      );
      await expect(page.getByTestId('signer-status-0')).toHaveText(text.status.Rejected);
      await expectAccessibleAtBothWidths(page);
    }

    await page.goto(`/esign/edit/${ids.expired}`);
    for (const language of languages) {
      await chooseLanguage(page, language);
      const text = texts[language];
      await expectStateAndActions(page, text, 'Expired');
      await expect(page.getByTestId('outcome-expired')).toHaveText(text.expired);
      await expect(page.getByTestId('outcome-progress')).toHaveText(text.progress(0, 1));
      await expect(page.getByTestId('outcome-cancelledBy')).toHaveCount(0);
      await expectAccessibleAtBothWidths(page);
    }

    await page.goto(`/esign/edit/${ids.failed}`);
    await expect(page.getByTestId('flow-failure-reason')).toContainText(
      'The signed file could not be stored.',
    );
    for (const language of languages) {
      await chooseLanguage(page, language);
      const text = texts[language];
      await expectStateAndActions(page, text, 'Error');
      await expect(page.getByTestId('check-status')).toBeVisible();
      await expect(page.getByTestId('outcome-progress')).toHaveText(text.progress(0, 1));
      await expectAccessibleAtBothWidths(page);
    }

    // An ended flow is deleted from its page, which then leaves for the list.
    await chooseLanguage(page, 'en');
    await page.goto(`/esign/edit/${ids.rejected}`);
    await page.getByTestId('flow-delete').click();
    await page.getByTestId('delete-confirm').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('The signing request was deleted.')).toBeVisible();
    expect((await page.request.get(`/api/esign/SignFlows/${ids.rejected}`)).status()).toBe(404);
  });
});
