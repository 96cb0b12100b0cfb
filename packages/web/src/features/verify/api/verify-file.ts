import { VerifyResult, verifyPaths } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';

/** Sends a PDF to be verified; the server keeps nothing of it. */
export function verifyFile(file: File): Promise<VerifyResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return requestJson(verifyPaths.verify, VerifyResult, { method: 'POST', body });
}

export const verifyFileMutationOptions = () => mutationOptions({ mutationFn: verifyFile });

export function useVerifyFile() {
  return useMutation(verifyFileMutationOptions());
}
