import type { FileInfo } from '@esign/contract';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { FileDownloadLink } from '../file-download-link.tsx';
import type { FileActions } from './file-actions.ts';

interface StoredFileRowProps {
  flowId: string;
  kind: 'signfile' | 'attachment';
  file: FileInfo;
  files: FileActions;
  busy: boolean;
  /** The remove button's visible text; its accessible name adds the file's name after it. */
  removeText: string;
  testId?: string;
}

/**
 * One stored file of the edit form: its name as a download link, "(will be copied)" while a
 * copy's files are still the original flow's, and a button that removes it.
 */
export function StoredFileRow({
  flowId,
  kind,
  file,
  files,
  busy,
  removeText,
  testId,
}: StoredFileRowProps) {
  const { t } = useTranslation();
  return (
    <>
      <FileDownloadLink flowId={flowId} kind={kind} file={file} testId={testId} />
      {files.filesToBeCopied && (
        <span className="text-body-secondary small">
          ({t('signflow.edit.document.willBeCopied')})
        </span>
      )}
      <Button
        variant="outline-danger"
        size="sm"
        disabled={busy}
        onClick={() => void files.removeFile(file, kind)}
      >
        {/* The name read out starts with the words shown (WCAG 2.5.3, label in name). */}
        {removeText}
        <span className="visually-hidden"> {file.FileName}</span>
      </Button>
    </>
  );
}
