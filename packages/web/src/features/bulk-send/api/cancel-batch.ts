import { BulkBatch, bulkPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { batchQueryOptions } from './get-batch.ts';

/** Cancels a batch: its rows not yet sent are never sent. */
export function cancelBatch(batchId: string): Promise<BulkBatch> {
  return requestJson(bulkPaths.batchCancel(batchId), BulkBatch, { method: 'POST' });
}

export function useCancelBatch() {
  return useMutation(
    mutationOptions({
      mutationFn: cancelBatch,
      onSuccess: (batch, batchId, _result, { client }) =>
        client.setQueryData(batchQueryOptions(batchId).queryKey, batch),
      onError: (_error, batchId, _result, { client }) =>
        client.invalidateQueries({ queryKey: batchQueryOptions(batchId).queryKey }),
    }),
  );
}
