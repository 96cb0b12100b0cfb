import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { enqueueJob, type JobWorker } from '../jobs/job-queue.ts';
import type { Mailer } from './mailer.ts';
import { mailParamSchemas, type MailParams, type MailTemplate } from './template-params.ts';
import { renderMail } from './templates.ts';

export const mailJobKind = 'mail.send';

/** About 13 hours of retries (the backoff tops out at an hour): an SMTP outage loses nothing. */
export const mailMaxAttempts = 20;

const payloadOf = <T extends MailTemplate>(template: T) =>
  z.object({
    to: z.string().trim().min(3).max(254),
    template: z.literal(template),
    /** The flow's language as stored; rendering falls back to Finnish (languageOf). */
    language: z.string().nullable(),
    params: mailParamSchemas[template],
  });

const MailJobPayload = z.discriminatedUnion('template', [
  payloadOf('invitation'),
  payloadOf('reminder'),
  payloadOf('code'),
  payloadOf('rejected'),
  payloadOf('linkLocked'),
  payloadOf('linkUnlocked'),
  payloadOf('cancelled'),
  payloadOf('finished'),
  payloadOf('signedCopy'),
  payloadOf('inspector'),
  payloadOf('failed'),
  payloadOf('deadlineExtended'),
  payloadOf('viewerDeadlineExtended'),
  payloadOf('expired'),
  payloadOf('expiredSender'),
  payloadOf('webhookDisabled'),
]);

/** A message to send: the template, the recipient's language and the template's parameters. */
export type MailRequest = {
  [T in MailTemplate]: { to: string; template: T; language: string | null; params: MailParams[T] };
}[MailTemplate];

/**
 * Queues a message in the caller's transaction: it is sent only if that transaction commits,
 * and retried until the mail server takes it. Bad parameters throw here, not in the job.
 */
export async function enqueueMail(
  db: Kysely<Database>,
  mail: MailRequest,
  now: Date,
): Promise<void> {
  await enqueueJob(
    db,
    { kind: mailJobKind, payload: MailJobPayload.parse(mail), maxAttempts: mailMaxAttempts },
    now,
  );
}

/**
 * Sends queued mail. A crash between handing a message over and recording it can send it
 * twice (the queue delivers at least once); a failure throws, so the queue tries again later.
 */
export function registerMailJob(worker: JobWorker, mailer: Mailer): void {
  worker.register(
    mailJobKind,
    async (payload) => {
      const mail = MailJobPayload.parse(payload);
      const rendered = renderMail(mail.template, mail.language, mail.params);
      await mailer.send({ to: mail.to, ...rendered });
    },
    {
      maxAttempts: mailMaxAttempts,
      // A code mail that could never be sent keeps no code for whoever reads the jobs table.
      keptWhenFailed: (payload) => {
        const mail = MailJobPayload.safeParse(payload);
        return mail.success && mail.data.template === 'code'
          ? { ...mail.data, params: { ...mail.data.params, code: removedSecret } }
          : payload;
      },
    },
  );
}

/** What a failed job's payload holds where a secret was. */
export const removedSecret = '(removed)';
