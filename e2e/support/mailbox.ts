import { expect } from '@playwright/test';
import { mailboxUrl } from './services.ts';

/** A message the SMTP sink caught (smtp-sink.ts). */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** Every message the sink caught for one address, oldest first. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`the SMTP sink's mailbox answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** The messages to an address whose subject contains the given text. */
export async function mailAbout(address: string, subject: string): Promise<CaughtMail[]> {
  return (await mailTo(address)).filter((mail) => mail.subject.includes(subject));
}

/**
 * Waits until the address has received `count` messages about the subject and answers the
 * last of them. The portal's worker sends queued mail within a second or two.
 */
export async function waitForMail(address: string, subject: string, count = 1) {
  await expect
    .poll(async () => (await mailAbout(address, subject)).length, {
      message: `mail to ${address} about “${subject}”`,
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  const mails = await mailAbout(address, subject);
  const mail = mails[count - 1];
  if (mail === undefined) throw new Error(`no mail ${count} to ${address}`);
  return mail;
}

/** The personal signing link of an invitation. */
export function signingLinkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/sign\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`no signing link in “${mail.subject}”`);
  return link;
}

/** The one-time code of a code message. */
export function codeIn(mail: CaughtMail): string {
  const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1];
  if (code === undefined) throw new Error(`no code in “${mail.subject}”`);
  return code;
}
