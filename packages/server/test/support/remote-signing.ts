import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { HttpClient, type HttpResponse } from './http-client.ts';
import { makePdf } from './pdf.ts';
import { codeIn, draftBody, mailsTo, type FlowOptions } from './signing.ts';

// The signing helpers of signing.ts, for server processes: over HTTP, with jobs run by the nodes.

export const flowsPath = '/api/esign/SignFlows';

/** A few random letters, to tell runs apart in names (never digits, which codes are made of). */
export function randomLetters(length = 8): string {
  return [...randomBytes(length)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** Polls until check answers a value (not undefined/false), or fails after timeoutMs. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function expectOk(response: HttpResponse, status = 200) {
  expect(response.status, response.text()).toBe(status);
  return response;
}

/** Saves a new draft with its signers; answers its id. */
export async function createDraft(sender: HttpClient, options: FlowOptions): Promise<string> {
  const saved = await sender.post(flowsPath, draftBody(options, 'en'));
  return expectOk(saved).json<{ Guid: string }>().Guid;
}

/** Creates, fills and sends a flow; answers its id. */
export async function sendRemoteFlow(sender: HttpClient, options: FlowOptions): Promise<string> {
  const id = await createDraft(sender, options);
  expectOk(await sender.upload(`${flowsPath}/${id}/signfile`, 'sopimus.pdf', makePdf()));
  expectOk(await sender.post(`${flowsPath}/${id}/send`));
  return id;
}

/** Waits for the next mail to an address that is not among those seen before. */
export async function nextMailTo(
  db: Kysely<Database>,
  address: string,
  seen: Set<string>,
  timeoutMs = 15_000,
) {
  return waitFor(
    `a mail to ${address}`,
    async () => {
      const fresh = (await mailsTo(db, address)).filter((mail) => !seen.has(mail.id));
      return fresh[0];
    },
    timeoutMs,
  );
}

/** A signer's browser at `base`: opens the link, gets the code by mail (sent by whichever node) and enters it. */
export async function identifyRemotely(
  base: string,
  db: Kysely<Database>,
  token: string,
  email: string,
): Promise<HttpClient> {
  const browser = new HttpClient(base);
  expectOk(await browser.get(`/api/sign/${token}`));
  const seen = new Set((await mailsTo(db, email)).map((mail) => mail.id));
  expectOk(await browser.post(`/api/sign/${token}/code`));
  const mail = await nextMailTo(db, email, seen);
  const verified = await browser.post(`/api/sign/${token}/code/verify`, {
    Code: codeIn(mail.text_body),
  });
  expect(verified.status, `${verified.text()} for the mail: ${mail.text_body}`).toBe(200);
  return browser;
}

/** The kind of an English mail, from its subject (see template-texts-en.ts). */
export function mailKindOf(subject: string): string {
  const kinds: Array<[RegExp, string]> = [
    [/^Signature request:/, 'invitation'],
    [/^Reminder:/, 'reminder'],
    [/^Your signing code/, 'code'],
    [/was rejected$/, 'rejected'],
    [/^Signature request cancelled:/, 'cancelled'],
    [/^Signed:/, 'finished'],
    [/^Signed document:/, 'signedCopy'],
    [/^A signed document for you to view:/, 'inspector'],
    [/^Processing failed:/, 'failed'],
  ];
  return kinds.find(([pattern]) => pattern.test(subject))?.[1] ?? `unknown: ${subject}`;
}

/** How many mails of each kind went to each address about a flow (by its name in the subject). */
export async function mailCounts(db: Kysely<Database>, flowName: string) {
  const rows = await db
    .selectFrom('dev_mailbox')
    .select(['to_address', 'subject'])
    .where('subject', 'like', `%${flowName}%`)
    .execute();
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const key = `${row.to_address} ${mailKindOf(row.subject)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
