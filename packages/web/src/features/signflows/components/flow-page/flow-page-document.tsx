import type { SignFlowDetailResponse } from '@esign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDownloadLink } from '../file-download-link.tsx';
import { FlowPagePreview } from './flow-page-preview.tsx';
import { SignedFilesList } from './signed-files-list.tsx';

/** The document: its first page, the file and the signed files to download, attachments, note. */
export function FlowPageDocument({ flow }: { flow: SignFlowDetailResponse }) {
  const { t } = useTranslation();
  const headingId = useId();
  const file = flow.SignFileInfo;
  const note = flow.Note?.trim() ?? '';
  return (
    <section
      aria-labelledby={headingId}
      className="signflow-edit__section flow-page__document"
      data-testid="flow-document"
    >
      <h2 id={headingId} className="h4">
        {t('signflow.edit.document.heading')}
      </h2>
      <div className="flow-page__document-body">
        {file !== null && <FlowPagePreview flowId={flow.Guid} file={file} />}
        <div className="flow-page__document-files">
          <h3 className="h6">{t('signflow.edit.document.fileToSign')}</h3>
          <p>
            {file === null ? (
              t('signflow.edit.document.noFile')
            ) : (
              <FileDownloadLink flowId={flow.Guid} kind="signfile" file={file} testId="sign-file" />
            )}
          </p>
          <SignedFilesList flow={flow} />
          <h3 className="h6">{t('signflow.edit.document.attachments')}</h3>
          {flow.AttachmentInfo.length === 0 ? (
            <p>{t('signflow.edit.document.noAttachments')}</p>
          ) : (
            <ul className="attachment-list" data-testid="flow-attachments">
              {flow.AttachmentInfo.map((attachment) => (
                <li key={attachment.Guid}>
                  <FileDownloadLink flowId={flow.Guid} kind="attachment" file={attachment} />
                </li>
              ))}
            </ul>
          )}
          <h3 className="h6">{t('signflow.edit.document.note')}</h3>
          <p className="text-break flow-page__note mb-0" data-testid="flow-note">
            {note === '' ? t('signflow.page.noNote') : note}
          </p>
        </div>
      </div>
    </section>
  );
}
