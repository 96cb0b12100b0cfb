import type { CreatedWebhook } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { RevealOnceDialog } from '../../../components/secret/reveal-once-dialog.tsx';
import { ShownSecret } from '../../../components/secret/shown-secret.tsx';
import { WebhookForm } from './webhook-form.tsx';

interface CreateWebhookDialogProps {
  show: boolean;
  isAdmin: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Adds an endpoint, then shows its secret once; closing forgets it (it is never fetched again). */
export function CreateWebhookDialog(props: CreateWebhookDialogProps) {
  const { t } = useTranslation();
  return (
    <RevealOnceDialog<CreatedWebhook>
      show={props.show}
      onHide={props.onHide}
      onExited={props.onExited}
      size="lg"
      testId="webhook-dialog"
      form={(titleId, onCreated) => (
        <WebhookForm
          titleId={titleId}
          endpoint={null}
          isAdmin={props.isAdmin}
          onCancel={props.onHide}
          onCreated={onCreated}
        />
      )}
      shown={(titleId, created) => (
        <ShownSecret
          titleId={titleId}
          title={t('webhooks.shown.title')}
          warning={t('webhooks.shown.warning')}
          label={t('webhooks.shown.label', { url: created.Url })}
          value={created.Secret}
          onDone={props.onHide}
          testId="webhook-secret-shown"
          valueTestId="webhook-secret-value"
        />
      )}
    />
  );
}
