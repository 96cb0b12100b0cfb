import type { Kysely } from 'kysely';
import type { Database, FileKind } from '../db/schema.ts';

// The signed files whose archive time stamp the portal keeps renewing (PAdES B-LTA).

/** The kinds of file that end in an archive time stamp. */
export const archivedKinds: readonly FileKind[] = ['signedfile', 'personalsignedfile'];

/**
 * Signed files of finished flows that are due for renewal at `now` and will still be kept
 * then (their flow's auto-delete date is later), or whose time stamp was never read (null);
 * a page of them, in id order after `afterId`.
 */
export async function listFilesDueForRenewal(
  db: Kysely<Database>,
  now: Date,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sign_flow_files')
    .innerJoin('sign_flows', 'sign_flows.id', 'sign_flow_files.flow_id')
    .select('sign_flow_files.id')
    .where('sign_flows.status', '=', 'Finished')
    .where('sign_flow_files.kind', 'in', archivedKinds)
    .where('sign_flow_files.id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb('sign_flow_files.archive_renew_at', 'is', null),
        eb.and([
          eb('sign_flow_files.archive_renew_at', '<=', now.toISOString()),
          eb.or([
            eb('sign_flows.auto_delete_at', 'is', null),
            eb('sign_flows.auto_delete_at', '>', eb.ref('sign_flow_files.archive_renew_at')),
          ]),
        ]),
      ]),
    )
    .orderBy('sign_flow_files.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** A signed file of a finished flow, with the flow's auto-delete date; undefined otherwise. */
export function findArchivedFile(db: Kysely<Database>, fileId: string) {
  return db
    .selectFrom('sign_flow_files')
    .innerJoin('sign_flows', 'sign_flows.id', 'sign_flow_files.flow_id')
    .selectAll('sign_flow_files')
    .select('sign_flows.auto_delete_at')
    .where('sign_flow_files.id', '=', fileId)
    .where('sign_flows.status', '=', 'Finished')
    .where('sign_flow_files.kind', 'in', archivedKinds)
    .executeTakeFirst();
}

/**
 * Points the file's record at its renewed object, if it still names `previousKey` and its
 * flow is finished and not due for deletion at `now`; answers whether it won (a second node's
 * renewal or auto-delete may have come first: then nothing changes).
 */
export async function switchArchivedFile(
  db: Kysely<Database>,
  fileId: string,
  previousKey: string,
  now: Date,
  renewed: { storage_key: string; size: number; sha256: string; archive_renew_at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('sign_flow_files')
    .set({ ...renewed, archive_renew_at: renewed.archive_renew_at.toISOString() })
    .where('id', '=', fileId)
    .where('storage_key', '=', previousKey)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sign_flows')
          .select('sign_flows.id')
          .whereRef('sign_flows.id', '=', 'sign_flow_files.flow_id')
          .where('sign_flows.status', '=', 'Finished')
          .where((eb) =>
            eb.or([
              eb('sign_flows.auto_delete_at', 'is', null),
              eb('sign_flows.auto_delete_at', '>', now.toISOString()),
            ]),
          ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records when the file's archive time stamp is next due, if it still names `storageKey`. */
export async function setArchiveRenewal(
  db: Kysely<Database>,
  fileId: string,
  storageKey: string,
  due: Date,
) {
  await db
    .updateTable('sign_flow_files')
    .set({ archive_renew_at: due.toISOString() })
    .where('id', '=', fileId)
    .where('storage_key', '=', storageKey)
    .execute();
}
