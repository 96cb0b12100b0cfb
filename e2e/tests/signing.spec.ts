import { expect } from '@playwright/test';
import { codeIn, mailAbout, signingLinkIn, waitForMail } from '../support/mailbox.ts';
import { languages, logInAtProvider } from '../support/pages.ts';
import {
  cancelFromList,
  downloadSignedFile,
  logInAsSender,
  sendFlowFromEditor,
  sendFlowThroughApi,
  signingLinkFromSender,
  type FlowToSend,
} from '../support/sender.ts';
import { cscService } from '../support/services.ts';
import { pdfsigVerdicts, verifySignedPdf } from '../support/signed-pdf.ts';
import {
  askForCode,
  authoriseAtTrustService,
  chooseSigningLanguage,
  enterCode,
  expectAccessibleAtBothWidths,
  expectDocumentShown,
  expectTaskState,
  identifyWithCode,
  invitationLink,
  pressSign,
  rejectDocument,
  signDocument,
  subjects,
  test,
} from '../support/signing.ts';

const run = Date.now().toString(36);
const sender = 'user@example.com';
/** A signer address of this run only, so that the mailbox holds nothing older for it. */
const signerEmail = (who: string) => `${who}.${run}@example.com`;
const lowFlow = (name: string, emails: string[]): FlowToSend => ({
  name: `${name} ${run}`,
  level: 'Low',
  process: 'Concurrent',
  language: 'en',
  signers: emails.map((email, index) => ({ name: `Signer ${index + 1}`, email })),
});

test.describe('signing a document', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a sequential flow sent from the editor is signed in turn, finishes and verifies', async ({
    page,
    openSigningPage,
  }) => {
    const [first, second] = [signerEmail('maija'), signerEmail('pekka')];
    const flow: FlowToSend = {
      ...lowFlow('Vuokrasopimus', [first, second]),
      process: 'Sequential',
    };
    await logInAsSender(page);
    await sendFlowFromEditor(page, flow);

    const firstPage = await openSigningPage(await invitationLink(first, flow.name));
    await identifyWithCode(firstPage, first, flow.name);
    expect(await mailAbout(second, flow.name)).toEqual([]); // not their turn yet
    await signDocument(firstPage);

    const secondPage = await openSigningPage(await invitationLink(second, flow.name));
    await expect(secondPage.getByTestId('signing-signers')).toContainText('Signed');
    await identifyWithCode(secondPage, second, flow.name);
    await signDocument(secondPage);

    await waitForMail(sender, subjects.finished(flow.name));
    const signed = await downloadSignedFile(page, flow.name);
    const reports = await verifySignedPdf(signed);
    expect(reports.map((report) => [report.kind, report.valid, report.level])).toEqual([
      ['signature', true, 'B-LTA'],
      ['signature', true, 'B-LTA'],
      ['document-timestamp', true, 'timestamp'],
    ]);
    expect(reports.at(-1)?.coversWholeDocument).toBe(true);
    const poppler = await pdfsigVerdicts(signed);
    expect(poppler.valid, poppler.output).toBe(2);
    // poppler lists the document time stamp too, the third and last, over the whole file (it
    // cannot validate RFC 3161 stamps itself; our verifier did above).
    const stamp = poppler.output.split(/^Signature #3:/m)[1] ?? '';
    expect(stamp).toMatch(/Common Name: .*Time Stamping Authority/);
    expect(stamp).toContain('Total document signed');
  });

  test('a rejection with a reason ends the flow and tells the other signer and the sender', async ({
    page,
    openSigningPage,
  }) => {
    const [first, second] = [signerEmail('hylkaaja'), signerEmail('toinen')];
    const flow = lowFlow('Hylättävä', [first, second]);
    const reason = 'The rent in section 3 is wrong.';
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);

    const rejecting = await openSigningPage(await invitationLink(first, flow.name));
    await identifyWithCode(rejecting, first, flow.name);
    await rejectDocument(rejecting, reason);
    await expect(
      rejecting.getByRole('heading', { name: 'You have rejected the document' }),
    ).toBeVisible();

    for (const told of [second, sender])
      expect((await waitForMail(told, subjects.rejected(flow.name))).text).toContain(reason);
    const other = await openSigningPage(await invitationLink(second, flow.name));
    await expectTaskState(other, 'FlowRejected');
    await expect(other.getByTestId('signing-state')).toContainText(
      'Another signer rejected the document',
    );
  });

  test('a flow cancelled from the list after one signature cannot be signed any more', async ({
    page,
    openSigningPage,
  }) => {
    const [first, second] = [signerEmail('ehtija'), signerEmail('myohassa')];
    const flow = lowFlow('Peruttava', [first, second]);
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);
    const secondLink = await invitationLink(second, flow.name);

    const signing = await openSigningPage(await invitationLink(first, flow.name));
    await identifyWithCode(signing, first, flow.name);
    await signDocument(signing);
    await cancelFromList(page, flow.name, 'Sent to the wrong people');

    await waitForMail(second, subjects.cancelled(flow.name));
    const late = await openSigningPage(secondLink);
    await expectTaskState(late, 'FlowCancelled');
    await expect(late.getByTestId('signing-state')).toContainText(
      'The sender cancelled the signing request',
    );
    await expect(late.getByRole('button', { name: 'Send me a code' })).toHaveCount(0);
  });

  test('Advanced: the signer identifies at the provider as the addressee and signs', async ({
    page,
    openSigningPage,
  }) => {
    const flow: FlowToSend = {
      ...lowFlow('Vahva', ['user2@example.com']),
      level: 'Advanced',
    };
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);

    const signing = await openSigningPage(await invitationLink('user2@example.com', flow.name));
    await signing.getByRole('link', { name: 'Go to identification' }).click();
    await logInAtProvider(signing, 'user2@example.com', 'user2-demo');
    await expect(signing).toHaveURL(/\/sign\/[A-Za-z0-9_-]{43}$/);
    await expectDocumentShown(signing);
    await signDocument(signing);
  });

  test('Advanced: a signer the sender named by identity code proves that code, whatever their login e-mail', async ({
    page,
    openSigningPage,
  }) => {
    const address = signerEmail('kaarina');
    const flow: FlowToSend = {
      ...lowFlow('Henkilötunnus', [address]),
      level: 'Advanced',
      // user2's test identity code: the provider proves it, with another e-mail address.
      signers: [{ name: 'Kaarina Koodinen', email: address, personalIdentityCode: '240587Y9033' }],
    };
    await logInAsSender(page);
    await sendFlowFromEditor(page, flow);

    const signing = await openSigningPage(await invitationLink(address, flow.name));
    await signing.getByRole('link', { name: 'Go to identification' }).click();
    await logInAtProvider(signing, 'user2@example.com', 'user2-demo');
    await expect(signing).toHaveURL(/\/sign\/[A-Za-z0-9_-]{43}$/);
    await expectDocumentShown(signing);
    await signDocument(signing);
  });

  test('Advanced: an identity that is not the addressee is refused and sees no document', async ({
    page,
    openSigningPage,
  }) => {
    const flow: FlowToSend = {
      ...lowFlow('Väärä henkilö', ['user2@example.com']),
      level: 'Advanced',
    };
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);

    const signing = await openSigningPage(await invitationLink('user2@example.com', flow.name));
    await signing.getByRole('link', { name: 'Go to identification' }).click();
    await logInAtProvider(signing, sender, 'user-demo');
    await expect(signing.getByTestId('signing-return-error')).toHaveText(
      'The identity you proved does not match the signer this link was sent to.',
    );
    await expect(signing.getByRole('link', { name: 'Go to identification' })).toBeVisible();
    await expect(signing.getByTestId('pdf-viewer')).toHaveCount(0);
    await expect(signing.getByTestId('signing-files')).toHaveCount(0);
  });

  test('Qualified: the signer authorises at the trust service and the file carries its signature', async ({
    page,
    openSigningPage,
  }) => {
    // The trust service holds a credential of hers; the flow's name tells her requests apart.
    const signer = cscService.signerEmail;
    const flow: FlowToSend = { ...lowFlow('Hyväksytty', [signer]), level: 'Qualified' };
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);

    const signing = await openSigningPage(await invitationLink(signer, flow.name));
    await identifyWithCode(signing, signer, flow.name);
    await pressSign(signing);
    await authoriseAtTrustService(signing);
    await expectTaskState(signing, 'Signed');

    await waitForMail(sender, subjects.finished(flow.name));
    const reports = await verifySignedPdf(await downloadSignedFile(page, flow.name));
    const signatures = reports.filter((report) => report.kind === 'signature');
    expect(signatures).toHaveLength(1);
    // The trust service's chain and its CRLs went into the validation data: B-LTA.
    expect(signatures[0]).toMatchObject({ valid: true, level: 'B-LTA' });
    expect(signatures[0]?.signerSubject).toContain(cscService.signerName);
  });

  test('Qualified: a signer without a credential of their own at the trust service is told so, and nothing is signed', async ({
    page,
    openSigningPage,
  }) => {
    const signer = signerEmail('eivarmennetta');
    const flow: FlowToSend = { ...lowFlow('Ei varmennetta', [signer]), level: 'Qualified' };
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);

    const signing = await openSigningPage(await invitationLink(signer, flow.name));
    await identifyWithCode(signing, signer, flow.name);
    await pressSign(signing);
    await expect(
      signing.getByText('The trust service has no qualified certificate in your name.'),
    ).toBeVisible();
    await expect(signing).not.toHaveURL(/\/csc\/v2\/oauth2\/authorize/);
    // Still unsigned: the signer can sign once the trust service has a certificate of theirs.
    await expect(signing.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
    await expect(signing.getByTestId('signing-state')).toHaveCount(0);
  });

  test('five wrong codes use the code up, and a new code opens the document', async ({
    page,
    openSigningPage,
  }) => {
    test.setTimeout(90_000);
    const signer = signerEmail('arvaaja');
    const flow = lowFlow('Väärä koodi', [signer]);
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);

    const signing = await openSigningPage(await invitationLink(signer, flow.name));
    const askedAt = Date.now();
    const code = await askForCode(signing, signer, flow.name);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const error = signing.getByTestId('signing-code-error');
    // A code of the wrong form is refused in the page, marked for screen readers, and uses no try.
    const field = signing.getByRole('textbox', { name: 'Code from the e-mail' });
    await enterCode(signing, '12');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    for (let attempt = 1; attempt < 5; attempt += 1) {
      await enterCode(signing, wrong);
      await expect(error).toHaveText('The code is wrong.');
    }
    await enterCode(signing, wrong);
    await expect(error).toContainText(
      'The code was entered wrong too many times. Ask for a new code.',
    );
    // Even the right code is refused now.
    await enterCode(signing, code);
    await expect(error).toContainText('entered wrong too many times');

    // The server sends a signer at most one code in 30 seconds; the page counts it down.
    await expect(error.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    await expect(signing.getByTestId('signing-next-code')).toContainText(
      /You can ask for a new code in \d+ seconds?\./,
    );
    await signing.waitForTimeout(Math.max(0, askedAt + 31_000 - Date.now()));
    const earlier = (await mailAbout(signer, subjects.code(flow.name))).length;
    await error.getByRole('button', { name: 'Send a new code' }).click();
    const fresh = await waitForMail(signer, subjects.code(flow.name), earlier + 1);
    await enterCode(signing, codeIn(fresh));
    await expectDocumentShown(signing);
  });
});

test.describe('the signing page for everyone', () => {
  test.describe.configure({ timeout: 60_000 });

  test('has no serious accessibility violations at phone and desktop width, step by step', async ({
    page,
    openSigningPage,
  }) => {
    const signer = signerEmail('saavutettava');
    const flow = lowFlow('Saavutettava', [signer]);
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);

    const signing = await openSigningPage(await invitationLink(signer, flow.name));
    await expect(signing.getByRole('button', { name: 'Send me a code' })).toBeVisible();
    await expectAccessibleAtBothWidths(signing);
    await identifyWithCode(signing, signer, flow.name);
    await expectAccessibleAtBothWidths(signing);
    await signDocument(signing);
    await expectAccessibleAtBothWidths(signing);
  });

  test('every other state of the page is accessible too: the Advanced step, the reject dialog, a turn not come, an ended flow and a dead link', async ({
    page,
    openSigningPage,
  }) => {
    // Ten axe runs (34 s alone): on a machine shared with other work, more than a minute.
    test.setTimeout(120_000);
    const [first, second] = [signerEmail('tila-eka'), signerEmail('tila-toka')];
    const flow: FlowToSend = { ...lowFlow('Tilat', [first, second]), process: 'Sequential' };
    await logInAsSender(page);
    const guid = await sendFlowThroughApi(page, flow);

    const signing = await openSigningPage(await invitationLink(first, flow.name));
    await identifyWithCode(signing, first, flow.name);
    await signing.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = signing.getByRole('dialog', { name: 'Reject the document' });
    await expect(dialog).toBeVisible();
    await expectAccessibleAtBothWidths(signing);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    // The second signer's link (from the sender) while it is not their turn yet.
    const secondLink = await signingLinkFromSender(page, guid, second);
    const waiting = await openSigningPage(secondLink);
    await expectTaskState(waiting, 'NotYourTurn');
    await expectAccessibleAtBothWidths(waiting);

    await rejectDocument(signing, 'Väärä versio');
    const ended = await openSigningPage(secondLink);
    await expectTaskState(ended, 'FlowRejected');
    await expectAccessibleAtBothWidths(ended);

    const advanced: FlowToSend = {
      ...lowFlow('Tila vahva', ['user2@example.com']),
      level: 'Advanced',
    };
    await sendFlowThroughApi(page, advanced);
    const strong = await openSigningPage(await invitationLink('user2@example.com', advanced.name));
    await expect(strong.getByRole('link', { name: 'Go to identification' })).toBeVisible();
    await expectAccessibleAtBothWidths(strong);

    await strong.goto(`/sign/${'A'.repeat(43)}`);
    // No flow, so no flow language: the page speaks the default, Finnish.
    await expect(strong.getByRole('heading', { name: 'Linkki ei ole voimassa' })).toBeVisible();
    await expectAccessibleAtBothWidths(strong);
  });

  test('the signer can switch the page to another language, which stays over a reload', async ({
    page,
    openSigningPage,
  }) => {
    const signer = signerEmail('vaihtaja');
    const flow = { ...lowFlow('Kielenvaihto', [signer]), language: 'fi' as const };
    await logInAsSender(page);
    await sendFlowThroughApi(page, flow);
    const signing = await openSigningPage(signingLinkIn(await waitForMail(signer, flow.name)));
    await expect(signing.locator('html')).toHaveAttribute('lang', 'fi');
    await chooseSigningLanguage(signing, 'sv');
    await expect(signing.getByTestId('signing-send-code')).toHaveText(/kod/i);
    await signing.reload();
    await expect(signing.locator('html')).toHaveAttribute('lang', 'sv');
  });

  for (const language of languages) {
    test(`follows the flow's language and is accessible in ${language}`, async ({
      page,
      openSigningPage,
    }) => {
      const signer = signerEmail(`kieli-${language}`);
      const flow = { ...lowFlow(`Kieli ${language}`, [signer]), language };
      await logInAsSender(page);
      await sendFlowThroughApi(page, flow);

      const invitation = await waitForMail(signer, flow.name);
      const signing = await openSigningPage(signingLinkIn(invitation));
      await expect(signing.locator('html')).toHaveAttribute('lang', language);
      await expect(signing.getByTestId('signing-send-code')).toBeVisible();
      await expectAccessibleAtBothWidths(signing);
    });
  }
});
