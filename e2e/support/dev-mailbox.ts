import { expect, type Page } from '@playwright/test';
import { enterCode, expectDocumentShown, signDocument } from './signing.ts';

interface DevMail {
  To: string;
  Subject: string;
  Text: string;
}

/** The messages of a portal's dev mailbox to one address whose subject contains the text. */
async function devMailAbout(portal: string, to: string, subject: string): Promise<DevMail[]> {
  const response = await fetch(`${portal}/api/dev/mail`);
  if (!response.ok) throw new Error(`the dev mailbox answered ${response.status}`);
  const messages = (await response.json()) as DevMail[];
  return messages.filter((mail) => mail.To === to && mail.Subject.includes(subject));
}

/** Waits until the dev mailbox holds `count` such messages; answers the newest. */
export async function waitForDevMail(portal: string, to: string, subject: string, count = 1) {
  await expect
    .poll(async () => (await devMailAbout(portal, to, subject)).length, {
      message: `dev mail to ${to} about “${subject}”`,
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  const [newest] = await devMailAbout(portal, to, subject);
  if (newest === undefined) throw new Error(`no dev mail to ${to}`);
  return newest;
}

/** A signer signs with the code from the dev mailbox, on their page already open. */
export async function signWithDevMailCode(page: Page, portal: string, email: string, flow: string) {
  const subject = `Your signing code for ${flow}`;
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const mail = await waitForDevMail(portal, email, subject);
  const code = /^\s+(\d{6})$/m.exec(mail.Text)?.[1] ?? '';
  await enterCode(page, code);
  await expectDocumentShown(page);
  await signDocument(page);
}
