import { apiPaths } from '@esign/contract';
import { requestVoid } from '../../../lib/http.ts';

/** Removes a draft's file to sign. */
export function deleteSignFile(signFlowId: string): Promise<void> {
  return requestVoid(apiPaths.signFile(signFlowId), { method: 'DELETE' });
}

/** Removes one attachment of a draft. */
export function deleteAttachment(signFlowId: string, attachmentId: string): Promise<void> {
  return requestVoid(`${apiPaths.attachment(signFlowId)}/${encodeURIComponent(attachmentId)}`, {
    method: 'DELETE',
  });
}
