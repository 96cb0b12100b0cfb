import type { Kysely } from 'kysely';
import type { Database, NodeRow } from '../db/schema.ts';

export type NewNode = Pick<NodeRow, 'id' | 'host' | 'pid' | 'tag'>;

export async function insertNode(db: Kysely<Database>, node: NewNode, now: Date) {
  const at = now.toISOString();
  await db
    .insertInto('nodes')
    .values({ ...node, started_at: at, last_seen_at: at, ended_at: null })
    .execute();
}

/**
 * The run's heartbeat. Answers 'beat', 'revived' when another node had taken it for dead
 * (its jobs were released meanwhile), or 'missing' when its row is gone.
 */
export async function touchNode(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<'beat' | 'revived' | 'missing'> {
  const at = now.toISOString();
  const beat = await db
    .updateTable('nodes')
    .set({ last_seen_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (Number(beat.numUpdatedRows) > 0) return 'beat';
  const revived = await db
    .updateTable('nodes')
    .set({ last_seen_at: at, ended_at: null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(revived.numUpdatedRows) > 0 ? 'revived' : 'missing';
}

/** Runs on `host` other than `selfId` that have not ended. */
export async function openRunsOnHost(db: Kysely<Database>, host: string, selfId: string) {
  return db
    .selectFrom('nodes')
    .select(['id', 'pid'])
    .where('host', '=', host)
    .where('id', '!=', selfId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Ends the runs named (or, with `silentBefore`, only those whose last heartbeat is older) and
 * releases the jobs they held, in one transaction; answers the runs it ended. The guard in
 * the update makes a run that beat again meanwhile, or that another node ended first, no
 * business of this call.
 */
export async function endRuns(
  db: Kysely<Database>,
  runs: { ids?: string[]; silentBefore?: Date; exceptId?: string },
  now: Date,
): Promise<string[]> {
  if (runs.ids?.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('nodes')
      .set({ ended_at: now.toISOString() })
      .where('ended_at', 'is', null);
    if (runs.ids) update = update.where('id', 'in', runs.ids);
    if (runs.exceptId) update = update.where('id', '!=', runs.exceptId);
    if (runs.silentBefore)
      update = update.where('last_seen_at', '<', runs.silentBefore.toISOString());
    const ended = (await update.returning('id').execute()).map((row) => row.id);
    if (ended.length > 0)
      await trx
        .updateTable('jobs')
        .set({ locked_by: null, locked_until: null })
        .where('locked_by', 'in', ended)
        .where('failed_at', 'is', null)
        .execute();
    return ended;
  });
}

/** Marks this run ended after a clean stop: its jobs are done, nothing is released. */
export async function markNodeStopped(db: Kysely<Database>, id: string, now: Date) {
  await db.updateTable('nodes').set({ ended_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Forgets runs that ended before `before`: whatever they left is old enough to go by age. */
export async function deleteEndedNodes(db: Kysely<Database>, before: Date) {
  await db.deleteFrom('nodes').where('ended_at', '<', before.toISOString()).execute();
}

/** Every run known: the tags of its temporary files and whether it has ended. */
export async function listRuns(db: Kysely<Database>) {
  return db.selectFrom('nodes').select(['id', 'tag', 'ended_at', 'last_seen_at']).execute();
}
