import { expect } from 'vitest';
import { TestClient } from './client.ts';
import { identifyWithCode, mailsTo, sendFlow, signingTokenIn } from './signing.ts';
import type { TestContext } from './test-app.ts';

/** The subject of a signer's mail with the signed document, in Finnish (the flows' language). */
export const copySubject = (name: string) => `Allekirjoitettu asiakirja: ${name}`;

/** The path of the signed-copy link in a mail's text. */
export function copyPathIn(text: string): string {
  const path = /https?:\/\/[^/\s]+(\/signed\/[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!path) throw new Error(`no signed-copy link in: ${text}`);
  return path;
}

/** A test app's way to send a Concurrent flow and have every signer sign it. */
export function signingIn(context: TestContext) {
  const db = () => context.database.handle.db;
  // Runs every due job, those the jobs queue too (completion queues the signers' mail).
  const runJobs = () => context.app.jobWorker.runDue();
  const sender = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return browser;
  };
  const tokenOf = async (email: string) =>
    signingTokenIn(
      (await mailsTo(db(), email)).find((m) => /\/sign\//.test(m.text_body))?.text_body ?? '',
    );
  /** Sends a flow to these signers and signs it by each; answers the flow and their tokens. */
  async function signAll(owner: TestClient, name: string, emails: string[], finish = true) {
    const id = await sendFlow(owner, {
      name,
      process: 'Concurrent',
      signers: emails.map((Email, index) => ({ Name: `Allekirjoittaja ${index + 1}`, Email })),
    });
    await runJobs();
    const tokens: string[] = [];
    for (const email of emails) {
      const token = await tokenOf(email);
      tokens.push(token);
      const browser = await identifyWithCode(context.app, db(), runJobs, token, email);
      const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
      expect(signed.statusCode, signed.body).toBe(200);
    }
    if (finish) await runJobs();
    return { id, tokens };
  }
  const copyMail = async (email: string, name: string) => {
    const mail = (await mailsTo(db(), email)).find((m) => m.subject === copySubject(name));
    if (!mail) throw new Error(`no signed-copy mail to ${email}`);
    return mail;
  };
  return { db, runJobs, sender, signAll, copyMail };
}

export const expectGone = (response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) => {
  expect(response.statusCode).toBe(404);
  // The web app's page, whose router says in the reader's language that the link no longer works.
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('<div id="root">');
};
