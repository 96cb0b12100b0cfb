import type { BulkBatch } from '@esign/contract';
import type { BulkBatchRow, BulkRowStatus } from '../db/schema.ts';
import { toIsoString } from '../db/database.ts';

/** A batch and its rows' counts as GET Batches/{id} answers them; a row being sent still counts as queued. */
export function presentBatch(
  batch: BulkBatchRow,
  counts: Map<BulkRowStatus, number>,
  failed: { row_number: number; failure: string | null }[],
): BulkBatch {
  const count = (status: BulkRowStatus) => counts.get(status) ?? 0;
  return {
    Id: batch.id,
    TemplateId: batch.template_id,
    Status: batch.status,
    Total: batch.total,
    Queued: count('queued') + count('sending'),
    Sent: count('sent'),
    Failed: failed.map((row) => ({
      Row: row.row_number,
      Reason: row.failure ?? 'bulk.failures.sendFailed',
    })),
    Cancelled: count('cancelled'),
    CreatedAt: toIsoString(batch.created_at),
  };
}
