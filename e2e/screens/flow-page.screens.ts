import { expect, type Page } from '@playwright/test';
import { expireFlowNow, failFlow } from '../support/database.ts';
import { logIn } from '../support/pages.ts';
import { sendFlowThroughApi, type FlowToSend } from '../support/sender.ts';
import {
  identifyWithCode,
  invitationLink,
  rejectDocument,
  signDocument,
  test,
} from '../support/signing.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);
const flowOf = (name: string, signers: FlowToSend['signers']): FlowToSend => ({
  name,
  level: 'Low',
  process: 'Sequential',
  language: 'en',
  signers,
});
const person = (name: string) => ({
  name,
  email: `${name.split(' ')[0]?.toLowerCase() ?? 'x'}.${run}@example.com`,
});

async function statusOf(page: Page, flowId: string) {
  const detail = await page.request.get(`/api/esign/SignFlows/${flowId}`);
  return ((await detail.json()) as { Status: string }).Status;
}

test('the flow page in each state', async ({ page, openSigningPage }) => {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
  const headers = {
    'X-XSRF-TOKEN':
      (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
  };

  const signerA = person('Anna Aaltonen');
  const signerB = person('Bertil Berg');
  const sent = flowOf('Vuokrasopimus, Hämeenkatu 12 B 34', [signerA, signerB]);
  const finisher = person('Fanny Finnilä');
  const finished = flowOf('Työsopimus 2026', [finisher]);
  const rejecter = person('Rauli Rantanen');
  const rejected = flowOf('Kauppakirja, Volvo V70', [rejecter]);
  const cancelledFlow = flowOf('Hankintasopimus', [person('Kaisa Koivisto')]);
  const late = person('Leena Lehto');
  const expiring = flowOf('Vuokrasopimus, kesämökki', [late]);
  const failed = flowOf('Yhteistyösopimus', [person('Veikko Virta')]);

  const ids = {
    sent: await sendFlowThroughApi(page, sent),
    finished: await sendFlowThroughApi(page, finished),
    rejected: await sendFlowThroughApi(page, rejected),
    cancelled: await sendFlowThroughApi(page, cancelledFlow),
    expired: await sendFlowThroughApi(page, expiring),
    failed: await sendFlowThroughApi(page, failed),
  };
  await invitationLink(signerA.email, sent.name);
  const signer = await openSigningPage(await invitationLink(finisher.email, finished.name));
  await identifyWithCode(signer, finisher.email, finished.name);
  await signDocument(signer);
  const rejecting = await openSigningPage(await invitationLink(rejecter.email, rejected.name));
  await identifyWithCode(rejecting, rejecter.email, rejected.name);
  await rejectDocument(rejecting, 'Kauppahinta on väärin: sovimme 8 500 euroa.');
  const cancel = await page.request.post(`/api/esign/SignFlows/${ids.cancelled}/cancel`, {
    headers,
    data: { Comment: 'Tarjous vanheni, lähetän uuden.' },
  });
  expect(cancel.status()).toBe(200);
  await invitationLink(late.email, expiring.name);
  expireFlowNow(ids.expired);
  failFlow(ids.failed, 'The signed file could not be stored: storage unavailable.');
  await expect.poll(() => statusOf(page, ids.finished), { timeout: 30_000 }).toBe('Finished');
  await expect.poll(() => statusOf(page, ids.expired), { timeout: 30_000 }).toBe('Cancelled');

  for (const [state, id] of Object.entries(ids)) {
    await shootEverywhere(page, `flow-page-${state}`, async (p) => {
      await p.goto(`/esign/edit/${id}`);
      await expect(p.getByTestId('flow-page')).toBeVisible();
      await expect(p.getByTestId('flow-event').first()).toBeVisible();
      await expect(p.getByTestId('flow-preview').locator('canvas')).toBeVisible();
    });
  }
});
