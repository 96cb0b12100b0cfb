import { expect, test } from '@playwright/test';
import { startDevMailPortal } from '../support/dev-mail-portal.ts';
import { signWithDevMailCode, waitForDevMail } from '../support/dev-mailbox.ts';
import { logIn } from '../support/pages.ts';
import { logInAsSender, sendFlowThroughApi, type FlowToSend } from '../support/sender.ts';
import { identifyWithCode, invitationLink, signDocument } from '../support/signing.ts';
import { shootEverywhere, useLanguage } from './shoot.ts';

const run = Date.now().toString(36);
const flowTo = (email: string): FlowToSend => ({
  name: `Vuokrasopimus ${run}`,
  level: 'Low',
  process: 'Concurrent',
  language: 'en',
  signers: [{ name: 'Kaisa Kopioija', email }],
});

test("the signer's page of a finished flow, and a link that no longer works", async ({
  page,
  browser,
}) => {
  const email = `kuvat.${run}@example.com`;
  const flow = flowTo(email);
  await logInAsSender(page);
  await sendFlowThroughApi(page, flow);
  const link = await invitationLink(email, flow.name);
  const signer = await (await browser.newContext()).newPage();
  await signer.goto(link);
  await identifyWithCode(signer, email, flow.name);
  await signDocument(signer);
  await expect(signer.getByTestId('signed-copy')).toHaveAttribute('data-state', 'Ready', {
    timeout: 20_000,
  });
  await signer.context().close();

  await shootEverywhere(page, 'signing-signed-copy', async (p) => {
    await p.goto(new URL(link).pathname);
    await expect(p.getByTestId('signed-copy')).toHaveAttribute('data-state', 'Ready');
  });
  await shootEverywhere(page, 'signed-copy-gone', async (p) => {
    await p.goto(`/signed/${'A'.repeat(43)}`);
    await expect(p.getByTestId('signed-copy-gone')).toBeVisible();
  });
});

test('the dev mailbox', async ({ page, browser }) => {
  const portal = await startDevMailPortal();
  try {
    const email = `postilaatikko.${run}@example.com`;
    const flow = flowTo(email);
    await page.goto(`${portal.url}/login`);
    await logIn(page, 'user@example.com', 'user-demo');
    await expect(page.getByTestId('signflow-create')).toBeVisible();
    await sendFlowThroughApi(page, flow, portal.url);
    await sendFlowThroughApi(page, flowTo(`toinen.${run}@example.com`), portal.url);
    const invitation = await waitForDevMail(portal.url, email, 'Signature request');
    const link = /https?:\/\/\S+\/sign\/[A-Za-z0-9_-]{43}/.exec(invitation.Text)?.[0] ?? '';
    const signer = await (await browser.newContext()).newPage();
    await signer.goto(link);
    await signWithDevMailCode(signer, portal.url, email, flow.name);
    await waitForDevMail(portal.url, email, `Signed document: ${flow.name}`);
    await signer.context().close();

    await shootEverywhere(page, 'dev-mail', async (p, language) => {
      // The dev portal is an origin of its own: its language is stored there.
      await p.goto(`${portal.url}/dev/mail`);
      await useLanguage(p, language);
      await p.reload();
      await p
        .getByTestId('dev-mail-row')
        .filter({ hasText: flow.name })
        .filter({ hasText: email })
        .first()
        .click();
      await expect(p.getByTestId('dev-mail-message')).toBeVisible();
    });
    await shootEverywhere(page, 'dev-mail-filtered', async (p, language) => {
      await p.goto(`${portal.url}/dev/mail`);
      await useLanguage(p, language);
      await p.goto(`${portal.url}/dev/mail?to=${encodeURIComponent(email)}`);
      await p.getByTestId('dev-mail-row').first().click();
      await expect(p.getByTestId('dev-mail-attachments')).toBeVisible();
    });
  } finally {
    await portal.stop();
  }
});
