import type { SignerTask } from '@esign/contract';
import { useTranslation } from 'react-i18next';

/** What is asked and by whom: the document's name, the sender, and the sender's note. */
export function RequestSummary({ task }: { task: SignerTask }) {
  const { t } = useTranslation();
  const from =
    task.SenderOrganisation.trim() === ''
      ? t('signing.request.fromWithoutOrganisation', { name: task.SenderName })
      : t('signing.request.from', { name: task.SenderName, organisation: task.SenderOrganisation });

  return (
    <div className="mb-4">
      <p className="signing-eyebrow mb-1">{t('signing.request.eyebrow')}</p>
      <h1 className="text-break" data-testid="signing-flow-name">
        {task.FlowName}
      </h1>
      <p className="mb-1" data-testid="signing-sender">
        {from}
      </p>
      {task.State === 'Open' && (
        <p className="mb-0">{t('signing.request.greeting', { name: task.SignerName })}</p>
      )}
      {task.Note !== null && task.Note.trim() !== '' && (
        <figure className="signing-note mt-3 mb-0">
          <figcaption className="fw-semibold">{t('signing.request.note')}</figcaption>
          <blockquote className="mb-0" data-testid="signing-note">
            {task.Note}
          </blockquote>
        </figure>
      )}
    </div>
  );
}
