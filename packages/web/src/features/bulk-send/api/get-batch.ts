import { BulkBatch, bulkPaths } from '@esign/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';

/** How often a batch being sent is read again. */
export const batchPollMs = 2000;

export function getBatch(batchId: string): Promise<BulkBatch> {
  return requestJson(bulkPaths.batch(batchId), BulkBatch);
}

export const batchQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: ['bulk-send', 'batch', batchId],
    queryFn: () => getBatch(batchId),
    // Read again while its rows are being sent; a finished or cancelled batch changes no more.
    refetchInterval: (query) => (query.state.data?.Status === 'sending' ? batchPollMs : false),
  });

export function useBatch(batchId: string) {
  return useQuery(batchQueryOptions(batchId));
}
