import { recipientPaths, type ViewerTask } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { DocumentSection } from './document-section.tsx';

/** Who sent the document and that it is for reading: the viewer signs nothing. */
function ViewerSummary({ task }: { task: ViewerTask }) {
  const { t, i18n } = useTranslation();
  const from =
    task.SenderOrganisation.trim() === ''
      ? t('signing.request.fromWithoutOrganisation', { name: task.SenderName })
      : t('signing.request.from', { name: task.SenderName, organisation: task.SenderOrganisation });
  const until =
    task.ExpiryDate === null ? null : formatCalendarDate(task.ExpiryDate, i18n.language);
  return (
    <div className="mb-4">
      <p className="signing-eyebrow mb-1">{t('signing.viewer.eyebrow')}</p>
      <h1 className="text-break" data-testid="viewer-flow-name">
        {task.FlowName}
      </h1>
      <p className="mb-1" data-testid="viewer-sender">
        {from}
      </p>
      <p className="mb-0" data-testid="viewer-purpose">
        {task.ViewerName.trim() === ''
          ? t('signing.viewer.purposeWithoutName')
          : t('signing.viewer.purpose', { name: task.ViewerName })}
        {until !== null && ` ${t('signing.viewer.until', { date: until })}`}
      </p>
      {task.Note !== null && task.Note.trim() !== '' && (
        <figure className="signing-note mt-3 mb-0">
          <figcaption className="fw-semibold">{t('signing.request.note')}</figcaption>
          <blockquote className="mb-0">{task.Note}</blockquote>
        </figure>
      )}
    </div>
  );
}

/** The plain page of a viewer's link once its flow ended: nothing of the document is shown. */
export function ViewerLinkEnded({ flowName }: { flowName?: string }) {
  const { t } = useTranslation();
  return (
    <div className="signing-page" data-testid="viewer-link-ended">
      <h1>{t('signing.viewer.ended.title')}</h1>
      {flowName !== undefined && <p className="fw-semibold text-break">{flowName}</p>}
      <p>{t('signing.viewer.ended.text')}</p>
    </div>
  );
}

/** A viewer's page while the flow is out: the document to read and download, and no actions. */
export function ViewerTaskView({ token, task }: { token: string; task: ViewerTask }) {
  const { t } = useTranslation();
  if (task.State === 'Ended') return <ViewerLinkEnded flowName={task.FlowName} />;
  return (
    <div className="signing-page" data-testid="viewer-page">
      <ViewerSummary task={task} />
      <DocumentSection
        document={task.Document}
        attachments={task.Attachments}
        documentUrl={recipientPaths.viewerDocument(token)}
        attachmentUrl={(id) => recipientPaths.viewerAttachment(token, id)}
        documentKind={t('signing.viewer.documentFile')}
      />
    </div>
  );
}
