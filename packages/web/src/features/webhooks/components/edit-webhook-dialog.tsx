import type { WebhookListItem } from '@esign/contract';
import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { WebhookForm } from './webhook-form.tsx';

interface EditWebhookDialogProps {
  /** The endpoint being changed; kept while the dialog closes. */
  endpoint: WebhookListItem | null;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Changes an endpoint's address and events; its scope and secret stay. */
export function EditWebhookDialog({ endpoint, show, onHide, onExited }: EditWebhookDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const titleId = useId();
  const handleSaved = (saved: WebhookListItem) => {
    showToast({ message: t('webhooks.saved', { url: saved.Url }) });
    onHide();
  };
  return (
    <Modal
      show={show && endpoint !== null}
      onHide={onHide}
      onExited={onExited}
      aria-labelledby={titleId}
      size="lg"
      data-testid="webhook-edit-dialog"
    >
      {endpoint !== null && (
        // A fresh form for each endpoint: its values come from the endpoint it opened with.
        <WebhookForm
          key={endpoint.Id}
          titleId={titleId}
          endpoint={endpoint}
          onCancel={onHide}
          onSaved={handleSaved}
        />
      )}
    </Modal>
  );
}
