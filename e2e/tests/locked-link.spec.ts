import { expect } from '@playwright/test';
import { lockSigningLink } from '../support/database.ts';
import { waitForMail } from '../support/mailbox.ts';
import { expectNoSeriousAxeViolations } from '../support/pages.ts';
import { logInAsSender, sendFlowThroughApi } from '../support/sender.ts';
import { invitationLink, test, viewports } from '../support/signing.ts';

test('a signer whose link locked after too many codes is told why, and the sender unlocks it', async ({
  page,
  openSigningPage,
}) => {
  await logInAsSender(page);
  const email = 'locked.signer@example.com';
  const name = 'Locked link agreement';
  const flowId = await sendFlowThroughApi(page, {
    name,
    level: 'Low',
    process: 'Concurrent',
    language: 'en',
    signers: [{ name: 'Laura Locked', email }],
  });
  const link = await invitationLink(email, name);
  lockSigningLink(email);

  const signer = await openSigningPage(link);
  await expect(signer.getByTestId('signing-link-locked')).toContainText('The sender has been told');
  await expect(signer.getByRole('button', { name: 'Send me a code' })).toHaveCount(0);
  for (const viewport of Object.values(viewports)) {
    await signer.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(signer);
  }

  await page.goto(`/esign/edit/${flowId}`);
  await expect(page.getByTestId('signer-locked-0')).toBeVisible();
  await expect(page.getByTestId('locked-link')).toContainText('Laura Locked');
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeViolations(page);
  }
  await page.getByRole('button', { name: 'Unlock the link' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The link of Laura Locked is unlocked')).toBeVisible();
  await expect(page.getByTestId('locked-link')).toHaveCount(0);
  await expect(page.getByTestId('signer-locked-0')).toHaveCount(0);

  const again = await waitForMail(email, `You can sign again: ${name}`);
  expect(again.text).toContain(link);
  await signer.reload();
  await expect(signer.getByRole('button', { name: 'Send me a code' })).toBeEnabled();
});
