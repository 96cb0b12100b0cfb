import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { systemClock, type Clock } from '../time/clock.ts';
import type { JobLogger } from '../jobs/job-queue.ts';
import { insertDevMail } from './dev-mailbox.repository.ts';

/**
 * A stored file to attach. A message names it, and the mailer reads it from storage as it
 * sends, so no queued job ever carries a file's bytes.
 */
export interface MailAttachment {
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
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
  /** Where attachments are read from; a mailer without it sends none. */
  storage?: FileStorage;
}

/**
 * The attachments still in storage. One that is gone (its flow was deleted after the message
 * was queued) is left out rather than holding the message back; a storage that does not
 * answer throws, and the message is tried again later.
 */
async function storedAttachments(storage: FileStorage | undefined, message: MailMessage) {
  const wanted = message.attachments ?? [];
  if (wanted.length === 0) return [];
  if (!storage) throw new Error('this mailer cannot read attachments');
  const present: Array<MailAttachment & { read: () => Promise<Readable> }> = [];
  for (const attachment of wanted)
    if (await storage.exists(attachment.storageKey))
      present.push({ ...attachment, read: () => storage.read(attachment.storageKey) });
  return present;
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, a table the demo shows at /dev/mail. */
export function createMailer({
  config,
  db,
  logger,
  clock = systemClock,
  storage,
}: MailerOptions): Mailer {
  const { url, from } = config.smtp;
  if (url === null) {
    if (!config.demo) {
      logger.warn({}, 'SMTP_URL is not set: mail is kept in the database, not delivered');
    }
    return {
      async send(message) {
        const attachments = (await storedAttachments(storage, message)).map(
          ({ fileName, contentType, size }) => ({ fileName, contentType, size }),
        );
        await insertDevMail(db, { ...message, attachments, sentAt: clock.now() });
        // Never the body: it may hold a one-time code or a personal signing link.
        logger.info({ to: message.to, subject: message.subject }, 'mail kept in the dev mailbox');
      },
      close: () => undefined,
    };
  }
  // No retries here: the mail job retries with backoff. Connections are pooled while mail
  // flows and closed after a moment of quiet: a connection per message cost a greeting each
  // (100 ms against a server that delays it), which made a bulk batch's invitations wait
  // minutes, and a connection kept open when idle would hold the SMTP server's sockets.
  const idleCloseMs = 1000;
  let pool: ReturnType<typeof nodemailer.createTransport> | null = null;
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const transportNow = () => {
    clearTimeout(idleTimer);
    pool ??= nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 2,
      maxMessages: 100,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return pool;
  };
  const closePool = () => {
    clearTimeout(idleTimer);
    pool?.close();
    pool = null;
  };
  const released = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    idleTimer = setTimeout(closePool, idleCloseMs);
    idleTimer.unref();
  };
  return {
    async send(message) {
      const streams: Readable[] = [];
      try {
        const attachments = [];
        for (const attachment of await storedAttachments(storage, message)) {
          const content = await attachment.read();
          streams.push(content);
          attachments.push({
            filename: attachment.fileName,
            contentType: attachment.contentType,
            content,
          });
        }
        const { to, subject, text, html } = message;
        const transport = transportNow();
        inFlight += 1;
        try {
          await transport.sendMail({ from, to, subject, text, html, attachments });
        } finally {
          released();
        }
      } finally {
        // A message that failed half-way leaves no file open.
        for (const stream of streams) stream.destroy();
      }
    },
    close: closePool,
  };
}
