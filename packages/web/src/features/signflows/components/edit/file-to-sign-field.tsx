import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../../../components/file-drop-zone/file-drop-zone.tsx';
import { StoredFileRow } from './stored-file-row.tsx';
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
          <StoredFileRow
            flowId={flowId}
            kind="signfile"
            file={signFile}
            files={files}
            busy={busy}
            removeText={t('signflow.edit.actions.removeFile')}
            testId="signfile-name"
          />
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
