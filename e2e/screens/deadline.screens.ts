import { expect } from '@playwright/test';
import { logIn } from '../support/pages.ts';
import { draftThroughApi, sendFlowThroughApi, type FlowToSend } from '../support/sender.ts';
import { test } from '../support/signing.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);
const flowOf = (name: string): FlowToSend => ({
  name,
  level: 'Low',
  process: 'Concurrent',
  language: 'en',
  signers: [{ name: 'Dora Deadline', email: `dora.${run}@example.com` }],
});

test('the deadline on the edit form and the flow page', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  const draft = await draftThroughApi(page, flowOf('Vuokrasopimus, luonnos'));
  const sent = await sendFlowThroughApi(page, flowOf('Vuokrasopimus, Hämeenkatu 12 B 34'));

  await shootEverywhere(page, 'deadline-edit-form', async (p) => {
    await p.goto(`/esign/edit/${draft}`);
    await expect(p.getByTestId('expiry-date-field')).toBeVisible();
  });
  await shootEverywhere(page, 'deadline-flow-page', async (p) => {
    await p.goto(`/esign/edit/${sent}`);
    await expect(p.getByTestId('extend-deadline')).toBeVisible();
  });
  await shootEverywhere(page, 'deadline-flow-page-extend', async (p) => {
    await p.goto(`/esign/edit/${sent}`);
    await p.getByTestId('extend-deadline').click();
    await expect(p.getByTestId('extend-deadline-save')).toBeVisible();
    await p.getByTestId('flow-deadline').scrollIntoViewIfNeeded();
  });
});
