import { verifyPaths, type Language } from '@esign/contract';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http.ts';
import { mutationOptions } from '../../../lib/query-client.ts';

export interface ReportInput {
  file: File;
  language: Language;
}

/** Sends the same PDF again and answers its verification report, sealed by the portal. */
export function downloadReport({ file, language }: ReportInput) {
  const body = new FormData();
  body.append('file', file, file.name);
  const url = `${verifyPaths.report}?${new URLSearchParams({ Language: language })}`;
  return requestFile(url, { method: 'POST', body });
}

export const downloadReportMutationOptions = () => mutationOptions({ mutationFn: downloadReport });

export function useDownloadReport() {
  return useMutation(downloadReportMutationOptions());
}
