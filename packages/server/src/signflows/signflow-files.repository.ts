import type { Insertable, Kysely } from 'kysely';
import type { Database, FileKind, SignFlowFilesTable } from '../db/schema.ts';

// The records of a flow's files (the objects themselves are in storage: files/).

export function listFiles(db: Kysely<Database>, flowId: string, kind?: FileKind) {
  let query = db.selectFrom('sign_flow_files').selectAll().where('flow_id', '=', flowId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at').orderBy('id').execute();
}

export function findFile(db: Kysely<Database>, flowId: string, fileId: string, kind: FileKind) {
  return db
    .selectFrom('sign_flow_files')
    .selectAll()
    .where('flow_id', '=', flowId)
    .where('id', '=', fileId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Records stored objects as files of their flows, in the caller's transaction. */
export async function insertFileRecords(
  db: Kysely<Database>,
  files: Insertable<SignFlowFilesTable>[],
) {
  if (files.length === 0) return;
  await db.insertInto('sign_flow_files').values(files).execute();
}

export async function deleteFileRecords(db: Kysely<Database>, fileIds: string[]) {
  if (fileIds.length === 0) return;
  await db.deleteFrom('sign_flow_files').where('id', 'in', fileIds).execute();
}

export async function deleteFilesOfKind(db: Kysely<Database>, flowId: string, kind: FileKind) {
  await db
    .deleteFrom('sign_flow_files')
    .where('flow_id', '=', flowId)
    .where('kind', '=', kind)
    .execute();
}
