import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every file record, what a move to another store must copy and check. */
export function listFileRecords(db: Kysely<Database>) {
  // A flow's files and a template's: the two kinds of record that name stored objects.
  return db
    .selectFrom('sign_flow_files')
    .select(['storage_key', 'sha256', 'size', 'content_type'])
    .unionAll(
      db.selectFrom('template_files').select(['storage_key', 'sha256', 'size', 'content_type']),
    )
    .orderBy('storage_key')
    .execute();
}
