import type { WebhookListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { webhookFormMessageKey } from '../utils/webhook-messages.ts';

interface DeleteWebhookDialogProps {
  /** The endpoint asked about; kept while the dialog closes, so its address stays in the title. */
  endpoint: WebhookListItem | null;
  show: boolean;
  onHide: () => void;
  /** After the dialog has closed; deleted tells whether the endpoint is gone. */
  onExited: (deleted: boolean) => void;
}

/** Confirms deleting an endpoint and says what follows; a refusal is shown inside. */
export function DeleteWebhookDialog({
  endpoint,
  show,
  onHide,
  onExited,
}: DeleteWebhookDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const remove = useDeleteWebhook();
  const url = endpoint?.Url ?? '';

  const handleConfirm = () => {
    if (endpoint === null || remove.isPending) return;
    remove.mutate(endpoint.Id, {
      onSuccess: () => {
        showToast({ message: t('webhooks.deleted', { url }) });
        onHide();
      },
    });
  };
  const handleExited = () => {
    onExited(remove.isSuccess);
    remove.reset();
  };

  const refusal = remove.isError ? webhookFormMessageKey(remove.error) : null;
  return (
    <RemoveDialog
      show={show && endpoint !== null}
      onHide={onHide}
      onExited={handleExited}
      onConfirm={handleConfirm}
      pending={remove.isPending}
      title={t('webhooks.deleteDialog.title', { url })}
      text={t('webhooks.deleteDialog.text')}
      confirmLabel={t('webhooks.deleteDialog.confirm')}
      error={
        refusal === null
          ? null
          : refusal === 'errors.unexpected'
            ? t('webhooks.deleteDialog.failed')
            : t(refusal)
      }
      testId="delete-webhook-dialog"
    />
  );
}
