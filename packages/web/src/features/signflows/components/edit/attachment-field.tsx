import { limits } from '@esign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileActions } from './file-actions.ts';
import { FileDropZone } from '../../../../components/file-drop-zone/file-drop-zone.tsx';
import { StoredFileRow } from './stored-file-row.tsx';
import { fieldIds, NoticeList } from './signflow-edit-field-error.tsx';
import type { Notice } from './signflow-edit-notices.ts';

interface AttachmentFieldProps {
  flowId: string | undefined;
  files: FileActions;
  notices: Notice[] | undefined;
  busy: boolean;
}

/** The attachments with their count out of 50, each downloadable and removable, and adding more. */
export function AttachmentField({ flowId, files, notices, busy }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const { attachments } = files;
  const invalid = notices !== undefined && notices.length > 0;
  const area = 'AttachmentInfo';

  return (
    <div className="mb-3" role="group" aria-labelledby={labelId}>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <div id={labelId} className="form-label">
          {t('signflow.edit.document.attachments')}
        </div>
        <span className="text-body-secondary small" data-testid="attachment-count">
          {t('signflow.edit.document.attachmentCount', {
            count: attachments.length,
            max: limits.maxAttachments,
          })}
        </span>
      </div>
      {attachments.length === 0 || flowId === undefined ? (
        <p className="text-body-secondary mb-2">{t('signflow.edit.document.noAttachments')}</p>
      ) : (
        <ul className="list-unstyled attachment-list mb-2">
          {attachments.map((attachment) => (
            <li
              key={attachment.Guid}
              className="d-flex flex-wrap align-items-center gap-2"
              data-testid="attachment-item"
            >
              <StoredFileRow
                flowId={flowId}
                kind="attachment"
                file={attachment}
                files={files}
                busy={busy}
                removeText={t('common.remove')}
              />
            </li>
          ))}
        </ul>
      )}
      <FileDropZone
        hint={t('signflow.edit.document.dropAttachments')}
        buttonLabel={t('signflow.edit.actions.addAttachments')}
        accept={(files.allowedTypes ?? []).join(',')}
        multiple
        disabled={busy}
        inputTestId="attachment-input"
        invalid={invalid}
        describedBy={invalid ? fieldIds(area).errorId : undefined}
        onFiles={(picked) => void files.addAttachments(picked)}
      />
      <NoticeList area={area} notices={notices} />
    </div>
  );
}
