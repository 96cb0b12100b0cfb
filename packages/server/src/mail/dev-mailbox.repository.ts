import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
  /** What the message carried: names and sizes, never the bytes. */
  attachments: Array<{ fileName: string; contentType: string; size: number }>;
}

export async function insertDevMail(db: Kysely<Database>, mail: StoredMail): Promise<void> {
  await db
    .insertInto('dev_mailbox')
    .values({
      id: randomUUID(),
      to_address: mail.to,
      subject: mail.subject.slice(0, 500),
      text_body: mail.text,
      html_body: mail.html,
      sent_at: mail.sentAt.toISOString(),
      attachments: mail.attachments.length > 0 ? JSON.stringify(mail.attachments) : null,
    })
    .execute();
}

/** The newest messages first. */
export function listDevMail(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('dev_mailbox')
    .selectAll()
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
