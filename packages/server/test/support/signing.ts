import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { TestClient } from './client.ts';
import { makePdf } from './pdf.ts';

const flows = '/api/esign/SignFlows';

export interface FlowOptions {
  name?: string;
  process?: 'Sequential' | 'Concurrent';
  level?: 'Low' | 'Advanced' | 'Qualified';
  signers: Array<{ Name: string; Email: string }>;
  reminderDays?: number | null;
  inspector?: string | null;
  language?: string;
  /** The user group the flow belongs to. */
  role?: string;
  /** The deadline (YYYY-MM-DD); unset, the portal's default. */
  expiryDate?: string;
  copyRecipients?: Array<{ Name: string; Email: string }>;
  viewers?: Array<{ Name: string; Email: string }>;
}

/** The body that saves a draft with these options (language `fallbackLanguage` when unset). */
export function draftBody(options: FlowOptions, fallbackLanguage = 'fi') {
  return {
    Name: options.name ?? 'Vuokrasopimus',
    Note: 'Allekirjoita perjantaihin mennessä',
    SignatureProcess: options.process ?? 'Sequential',
    MinimumSignatureLevel: options.level ?? 'Low',
    ReminderIntervalInDays: options.reminderDays ?? null,
    InspectorEmail: options.inspector ?? null,
    Language: options.language ?? fallbackLanguage,
    Signers: options.signers,
    ...(options.role ? { Role: options.role } : {}),
    ...(options.expiryDate === undefined ? {} : { ExpiryDate: options.expiryDate }),
    ...(options.copyRecipients ? { CopyRecipients: options.copyRecipients } : {}),
    ...(options.viewers ? { Viewers: options.viewers } : {}),
  };
}

/** Creates, fills and sends a flow as the signed-in sender; answers its id. */
export async function sendFlow(sender: TestClient, options: FlowOptions): Promise<string> {
  const saved = await sender.post(flows, draftBody(options));
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json<{ Guid: string }>().Guid;
  const uploaded = await sender.upload(`${flows}/${id}/signfile`, 'sopimus.pdf', makePdf());
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const sent = await sender.post(`${flows}/${id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

/** The dev mailbox's messages to an address, oldest first. */
export async function mailsTo(db: Kysely<Database>, address: string) {
  return db
    .selectFrom('dev_mailbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('sent_at')
    .orderBy('id')
    .execute();
}

export function signingTokenIn(text: string): string {
  const match = /\/sign\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error(`no signing link in: ${text}`);
  return match[1];
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

/**
 * A signer's browser (a new one unless given) opens the link and asks for a code; answers the
 * browser and the code from the one mail that brought it.
 */
export async function requestCode(
  app: FastifyInstance,
  db: Kysely<Database>,
  runJobs: () => Promise<unknown>,
  token: string,
  email: string,
  browser = new TestClient(app),
): Promise<{ browser: TestClient; code: string }> {
  expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(200);
  const before = new Set((await mailsTo(db, email)).map((mail) => mail.id));
  const sent = await browser.post(`/api/sign/${token}/code`);
  expect(sent.statusCode, sent.body).toBe(200);
  await runJobs();
  const fresh = (await mailsTo(db, email)).filter((mail) => !before.has(mail.id));
  if (fresh.length !== 1)
    throw new Error(`expected one code mail to ${email}, got ${fresh.length}`);
  return { browser, code: codeIn(fresh[0]?.text_body ?? '') };
}

/** A signer's browser: opens the link, gets the code by mail and enters it. */
export async function identifyWithCode(
  app: FastifyInstance,
  db: Kysely<Database>,
  runJobs: () => Promise<unknown>,
  token: string,
  email: string,
): Promise<TestClient> {
  const { browser, code } = await requestCode(app, db, runJobs, token, email);
  const verified = await browser.post(`/api/sign/${token}/code/verify`, { Code: code });
  expect(verified.statusCode, verified.body).toBe(200);
  return browser;
}

/** poppler's verdict on each signature of a PDF. */
export function pdfsigVerdicts(pdf: Buffer): { valid: number; total: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'esign-pdfsig-'));
  const path = join(dir, 'signed.pdf');
  writeFileSync(path, pdf);
  let output: string;
  try {
    output = execFileSync('pdfsig', [path], { encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const blocks = output.split(/^Signature #\d+:/m).slice(1);
  return {
    valid: blocks.filter((block) => block.includes('Signature is Valid')).length,
    total: blocks.length,
    output,
  };
}
