import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { FileDownloadLink } from '../file-download-link.tsx';
import { FileDropZone } from './file-drop-zone.tsx';
import type { FileActions } from './file-actions.ts';
import { fieldIds, NoticeList } from './signflow-edit-field-error.tsx';
import type { Notice } from './signflow-edit-notices.ts';

interface FileToSignFieldProps {
  flowId: string | undefined;
  files: FileActions;
  notices: Notice[] | undefined;
  busy: boolean;
}

/** The file to sign: its name with a download link and remove, or a drop area and a button. */
export function FileToSignField({ flowId, files, notices, busy }: FileToSignFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const { signFile } = files;
  const invalid = notices !== undefined && notices.length > 0;
  const area = 'SignFileInfo';

  return (
    <div className="mb-3" role="group" aria-labelledby={labelId}>
      <div id={labelId} className="form-label">
        {t('signflow.edit.document.fileToSign')}
      </div>
      {signFile === null || flowId === undefined ? (
        <p className="text-body-secondary mb-2">{t('signflow.edit.document.noFile')}</p>
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <FileDownloadLink
            flowId={flowId}
            kind="signfile"
            file={signFile}
            testId="signfile-name"
          />
          {files.filesToBeCopied && (
            <span className="text-body-secondary small">
              ({t('signflow.edit.document.willBeCopied')})
            </span>
          )}
          <Button
            variant="outline-danger"
            size="sm"
            disabled={busy}
            aria-label={t('signflow.edit.actions.removeNamed', { name: signFile.FileName })}
            onClick={() => void files.removeFile(signFile, 'signfile')}
          >
            {t('signflow.edit.actions.removeFile')}
          </Button>
        </div>
      )}
      <FileDropZone
        hint={t('signflow.edit.document.dropFile')}
        buttonLabel={
          signFile === null
            ? t('signflow.edit.actions.addFile')
            : t('signflow.edit.actions.replaceFile')
        }
        accept="application/pdf,.pdf"
        disabled={busy}
        inputTestId="signfile-input"
        invalid={invalid}
        describedBy={invalid ? fieldIds(area).errorId : undefined}
        onFiles={(picked) => {
          const [file] = picked;
          if (file !== undefined) void files.addSignFile(file);
        }}
      />
      <NoticeList area={area} notices={notices} />
    </div>
  );
}
