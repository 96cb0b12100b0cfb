import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { systemClock, type Clock } from '../time/clock.ts';
import type { JobLogger } from '../jobs/job-queue.ts';
import { insertDevMail } from './dev-mailbox.repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the message is handed over; throws when it was not, so the caller can retry. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  config: Pick<AppConfig, 'smtp' | 'demo'>;
  db: Kysely<Database>;
  logger: JobLogger;
  clock?: Clock;
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, a table the demo shows at /dev/mail. */
export function createMailer({ config, db, logger, clock = systemClock }: MailerOptions): Mailer {
  const { url, from } = config.smtp;
  if (url === null) {
    if (!config.demo) {
      logger.warn({}, 'SMTP_URL is not set: mail is kept in the database, not delivered');
    }
    return {
      async send(message) {
        await insertDevMail(db, { ...message, sentAt: clock.now() });
        // Never the body: it may hold a one-time code or a personal signing link.
        logger.info({ to: message.to, subject: message.subject }, 'mail kept in the dev mailbox');
      },
      close: () => undefined,
    };
  }
  // One connection per message and no retries here: the mail job retries with backoff.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
