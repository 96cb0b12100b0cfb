import { BulkCheckResult, bulkPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';

export interface CheckInput {
  templateId: string;
  file: File;
}

/** Uploads a CSV to be checked against the template: a batch and its problems, nothing sent. */
export function checkBulkFile({ templateId, file }: CheckInput): Promise<BulkCheckResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return requestJson(bulkPaths.templateBulk(templateId), BulkCheckResult, {
    method: 'POST',
    body,
  });
}

export function useCheckBulkFile() {
  return useMutation(mutationOptions({ mutationFn: checkBulkFile }));
}
