import { apiPaths, FileInfo } from '@esign/contract';
import { requestJson } from '../../../lib/http.ts';

export type UploadKind = 'signfile' | 'attachment';

export interface UploadInput {
  signFlowId: string;
  kind: UploadKind;
  file: File;
}

/** Uploads the file to sign (replacing any earlier one) or one attachment to a saved draft. */
export function uploadSignFlowFile({ signFlowId, kind, file }: UploadInput): Promise<FileInfo> {
  const body = new FormData();
  body.append('file', file, file.name);
  const url = kind === 'signfile' ? apiPaths.signFile(signFlowId) : apiPaths.attachment(signFlowId);
  return requestJson(url, FileInfo, { method: 'POST', body });
}
