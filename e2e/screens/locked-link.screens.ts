import { expect, test } from '@playwright/test';
import { lockSigningLink } from '../support/database.ts';
import { logIn } from '../support/pages.ts';
import { sendFlowThroughApi } from '../support/sender.ts';
import { invitationLink } from '../support/signing.ts';
import { shootEverywhere } from './shoot.ts';

test('a signing link locked after too many codes', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  const email = 'lukittu.allekirjoittaja@example.com';
  const name = 'Lukittu linkki';
  const flowId = await sendFlowThroughApi(page, {
    name,
    level: 'Low',
    process: 'Concurrent',
    language: 'en',
    signers: [{ name: 'Liisa Lukittu', email }],
  });
  const link = await invitationLink(email, name);
  lockSigningLink(email);

  await shootEverywhere(page, 'locked-link-sender', async (p) => {
    await p.goto(`/esign/edit/${flowId}`);
    await expect(p.getByTestId('locked-link')).toBeVisible();
  });
  await shootEverywhere(page, 'locked-link-signer', async (p) => {
    await p.goto(link);
    await expect(p.getByTestId('signing-link-locked')).toBeVisible();
  });
});
