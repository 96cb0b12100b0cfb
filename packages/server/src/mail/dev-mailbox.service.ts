import type { DevMailMessage } from '@esign/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from '../config/env.ts';
import { toIsoString } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { listDevMail } from './dev-mailbox.repository.ts';

/** The dev mailbox is shown only in the demo profile, and only when mail is not really sent. */
export const devMailboxShown = (config: Pick<AppConfig, 'demo' | 'smtp'>) =>
  config.demo && config.smtp.url === null;

/** The http(s) addresses in a text, each once, without the punctuation that ends a sentence. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'”“]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?)\]]+$/, '')))];
}

const StoredAttachments = z.array(z.object({ fileName: z.string(), size: z.number() }));

/** What a stored message had attached; a value that does not read as such shows none. */
function attachmentsOf(json: string | null): DevMailMessage['Attachments'] {
  if (json === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const parsed = StoredAttachments.safeParse(value);
  return parsed.success
    ? parsed.data.map((file) => ({ FileName: file.fileName, Size: Math.round(file.size) }))
    : [];
}

/** The newest messages the portal would have sent, with the links and attachments each carries. */
export async function readDevMailbox(db: Kysely<Database>): Promise<DevMailMessage[]> {
  return (await listDevMail(db, 200)).map((row) => ({
    Id: row.id,
    To: row.to_address,
    Subject: row.subject,
    Text: row.text_body,
    Html: row.html_body,
    SentAt: toIsoString(row.sent_at),
    Links: linksIn(row.text_body),
    Attachments: attachmentsOf(row.attachments),
  }));
}
