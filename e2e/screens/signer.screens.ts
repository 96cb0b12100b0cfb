import { expect, test } from '@playwright/test';
import { logIn } from '../support/pages.ts';
import { sendFlowThroughApi, signingLinkFromSender } from '../support/sender.ts';
import { shootEverywhere } from './shoot.ts';

// The signer's page as it first shows from the mail's link, before the signer identifies: the
// stored language wins over the flow's (Swedish here), so each shot is in its own language.
test("the signer's page", async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  const flow = await sendFlowThroughApi(page, {
    name: 'Vuokrasopimus',
    level: 'Low',
    process: 'Sequential',
    language: 'sv',
    signers: [{ name: 'Sanna Signer', email: 'sanna.signer@example.com' }],
  });
  const link = await signingLinkFromSender(page, flow, 'sanna.signer@example.com');
  await shootEverywhere(page, 'signer-first-load', async (p) => {
    await p.goto(link);
    await expect(p.getByTestId('signing-language')).toBeVisible();
  });
});
