import { BulkBatch, bulkPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';
import { batchQueryOptions } from './get-batch.ts';

/** Sends a checked batch: each row becomes one flow, sent by the server's jobs. */
export function sendBatch(batchId: string): Promise<BulkBatch> {
  return requestJson(bulkPaths.batchSend(batchId), BulkBatch, { method: 'POST' });
}

export function useSendBatch() {
  return useMutation(
    mutationOptions({
      mutationFn: sendBatch,
      onSuccess: (batch, batchId, _result, { client }) =>
        client.setQueryData(batchQueryOptions(batchId).queryKey, batch),
    }),
  );
}
