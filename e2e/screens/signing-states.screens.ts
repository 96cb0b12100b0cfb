import { expect, type Page } from '@playwright/test';
import { xsrfHeaders } from '../support/list.ts';
import { logIn } from '../support/pages.ts';
import { sendFlowThroughApi, signingLinkFromSender, type FlowToSend } from '../support/sender.ts';
import { expectDocumentShown, identifyWithCode, rejectDocument, test } from '../support/signing.ts';
import { shootEverywhere } from './shoot.ts';

const run = Date.now().toString(36);
const person = (name: string, at = '') => ({
  name,
  email: `${name.split(' ')[0]?.toLowerCase() ?? 'x'}${at}.${run}@example.com`,
});
const flowOf = (
  name: string,
  signers: FlowToSend['signers'],
  process: FlowToSend['process'] = 'Concurrent',
): FlowToSend => ({ name: `${name} ${run}`, level: 'Low', process, language: 'en', signers });
/** One signer for each language and width: each shot of the code form needs a code of its own. */
const sixSigners = (name: string) => Array.from({ length: 6 }, (_, at) => person(name, `${at}`));

async function asSender(page: Page) {
  await page.goto('/login');
  await logIn(page, 'user@example.com', 'user-demo');
  await expect(page.getByTestId('signflow-create')).toBeVisible();
}

/** Sends the flow and answers its signers' links, in their order. */
async function linksOf(page: Page, flow: FlowToSend) {
  const id = await sendFlowThroughApi(page, flow);
  const links: string[] = [];
  for (const { email } of flow.signers) links.push(await signingLinkFromSender(page, id, email));
  return { id, links };
}

/** Hands out the links one at a time, one for each shot. */
const oneEach = (links: string[]) => {
  let next = 0;
  return () => links[next++ % links.length] ?? '';
};

test("the signer's page before identifying: the code sent and a wrong one", async ({ page }) => {
  await asSender(page);
  const codeLink = oneEach(
    (await linksOf(page, flowOf('Vuokrasopimus', sixSigners('Kalle')))).links,
  );
  const wrongLink = oneEach(
    (await linksOf(page, flowOf('Kauppakirja', sixSigners('Veera')))).links,
  );
  await shootEverywhere(page, 'signer-code-sent', async (p) => {
    await p.goto(codeLink());
    await p.getByTestId('signing-send-code').click();
    await expect(p.getByTestId('signing-code')).toBeVisible();
  });
  await shootEverywhere(page, 'signer-code-wrong', async (p) => {
    await p.goto(wrongLink());
    await p.getByTestId('signing-send-code').click();
    await p.getByTestId('signing-code').fill('000000');
    await p.getByTestId('signing-verify-code').click();
    await expect(p.getByTestId('signing-code-error')).toBeVisible();
  });
});

test("the signer's page when it is not their turn, the request cancelled, the link wrong", async ({
  page,
}) => {
  await asSender(page);
  const turnFlow = flowOf('Perukirja', [person('Eino Ensi'), person('Toivo Toinen')], 'Sequential');
  const [, turnLink = ''] = (await linksOf(page, turnFlow)).links;
  const cancelled = await linksOf(page, flowOf('Hankintasopimus', [person('Paula Peruttu')]));
  const cancel = await page.request.post(`/api/esign/SignFlows/${cancelled.id}/cancel`, {
    headers: await xsrfHeaders(page),
    data: { Comment: 'Tarjous vanheni, lähetän uuden.' },
  });
  expect(cancel.status()).toBe(200);
  await shootEverywhere(page, 'signer-not-your-turn', async (p) => {
    await p.goto(turnLink);
    await expect(p.getByTestId('signing-state')).toHaveAttribute('data-state', 'NotYourTurn');
  });
  await shootEverywhere(page, 'signer-flow-cancelled', async (p) => {
    await p.goto(cancelled.links[0] ?? '');
    await expect(p.getByTestId('signing-state')).toHaveAttribute('data-state', 'FlowCancelled');
  });
  await shootEverywhere(page, 'signer-link-invalid', async (p) => {
    await p.goto(`/sign/${'B'.repeat(43)}`);
    await expect(p.getByTestId('signing-link-invalid')).toBeVisible();
  });
});

test("the identified signer's page: the document, the sign step's error, the reject dialog", async ({
  page,
  openSigningPage,
}) => {
  await asSender(page);
  const flow = flowOf('Työsopimus', [person('Lauri Lukija')]);
  const [link = ''] = (await linksOf(page, flow)).links;
  const reader = await openSigningPage(link);
  await identifyWithCode(reader, flow.signers[0]?.email ?? '', flow.name);
  await shootEverywhere(reader, 'signer-document', async (p) => {
    await p.goto(link);
    await expectDocumentShown(p);
  });
  await shootEverywhere(reader, 'signer-sign-unread', async (p) => {
    await p.goto(link);
    await p.getByTestId('sign').click();
    await expect(p.locator('#signing-have-read-error')).toBeVisible();
  });
  await shootEverywhere(reader, 'signer-reject-dialog', async (p) => {
    await p.goto(link);
    await p.getByTestId('reject').click();
    await p.getByTestId('reject-confirm').click();
    await expect(p.getByTestId('reject-dialog')).toBeVisible();
  });
});

test("the signer's page after rejecting", async ({ page, openSigningPage }) => {
  await asSender(page);
  const flow = flowOf('Lahjakirja', [person('Hilkka Hylkääjä')]);
  const [link = ''] = (await linksOf(page, flow)).links;
  const rejecter = await openSigningPage(link);
  await identifyWithCode(rejecter, flow.signers[0]?.email ?? '', flow.name);
  await rejectDocument(rejecter, 'Lahjan arvo on kirjattu väärin.');
  await shootEverywhere(rejecter, 'signer-rejected', async (p) => {
    await p.goto(link);
    await expect(p.getByTestId('signing-state')).toHaveAttribute('data-state', 'Rejected');
  });
});
