import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { deletableStatuses } from '../signflows/flow-state.ts';
import { queueFileDeletions, removeStoredFiles } from '../files/stored-objects.ts';
import { listFiles } from '../signflows/flow-records.ts';
import type { SigningDeps } from './signing-deps.ts';
import { deleteFlowIn, listFlowsDueForDeletion } from './scheduled-flows.repository.ts';
import { prepareFlowEvent } from '../webhooks/webhook-events.ts';

/** Flows in these states are deleted at their auto-delete date; a flow out for signing never is. */
const deletable = deletableStatuses;

/** Deletes, files and all, every flow whose auto-delete date has passed; answers how many. */
export async function deleteExpiredFlows(deps: SigningDeps, batch = 100): Promise<number> {
  const now = deps.clock.now();
  const due = await listFlowsDueForDeletion(deps.db, now, deletable, batch);
  let deleted = 0;
  for (const flow of due) {
    const keys = await deps.db.transaction().execute(async (trx) => {
      const files = await listFiles(trx, flow.id);
      const storageKeys = files.map((file) => file.storage_key);
      await queueFileDeletions(trx, storageKeys, now);
      // Read while the flow is still there to tell of; queued only if this node deleted it.
      const told = await prepareFlowEvent(trx, { type: 'signflow.deleted', flowId: flow.id }, now);
      if (!(await deleteFlowIn(trx, flow.id, deletable))) return [];
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.deleted,
          flowId: flow.id,
          actor: 'system',
          details: { reason: 'auto-delete', status: flow.status },
        },
        now,
      );
      await told.queue(trx);
      deleted += 1;
      return storageKeys;
    });
    await removeStoredFiles(deps.storage, keys, deps.db);
  }
  return deleted;
}
