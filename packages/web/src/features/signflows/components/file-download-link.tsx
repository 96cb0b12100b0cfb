import { apiPaths, type FileInfo } from '@esign/contract';
import type { ReactNode } from 'react';

export type DownloadKind =
  'signfile' | 'attachment' | 'signedfile' | 'personalsignedfile' | 'evidencereport';

/** The download address of one of a flow's files (SPEC §7). */
export function downloadHref(flowId: string, kind: DownloadKind, fileGuid: string): string {
  return `${apiPaths.signFlow(flowId)}/${kind}/${encodeURIComponent(fileGuid)}`;
}

interface FileDownloadLinkProps {
  flowId: string;
  kind: DownloadKind;
  file: FileInfo;
  testId?: string;
  children?: ReactNode;
}

/** A plain link: the session cookie goes with it, and the server names the file. */
export function FileDownloadLink({ flowId, kind, file, testId, children }: FileDownloadLinkProps) {
  return (
    <a
      href={downloadHref(flowId, kind, file.Guid)}
      download={file.FileName}
      className="text-break"
      data-testid={testId}
    >
      {children ?? file.FileName}
    </a>
  );
}
