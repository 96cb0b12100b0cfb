import type { WebhookListItem } from '@esign/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useSendTestEvent } from '../api/send-test-event.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { webhookFormMessageKey } from '../utils/webhook-messages.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookFacts, WebhookStateNotice } from './webhook-facts.tsx';

interface WebhookItemProps {
  endpoint: WebhookListItem;
  onEdit: (endpoint: WebhookListItem) => void;
  onDelete: (endpoint: WebhookListItem) => void;
}

/** One endpoint: what it hears, whether it is on, its actions and (opened) its deliveries. */
export function WebhookItem({ endpoint, onEdit, onDelete }: WebhookItemProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const ids = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const update = useUpdateWebhook();
  const test = useSendTestEvent();
  const url = endpoint.Url;

  const showRefusal = (error: unknown, fallback: string) => {
    const key = webhookFormMessageKey(error);
    showToast({ variant: 'danger', message: key === 'errors.unexpected' ? fallback : t(key) });
  };
  const handleToggle = () => {
    if (update.isPending) return;
    const request = { Url: url, Events: endpoint.Events, Enabled: !endpoint.Enabled };
    update.mutate(
      { id: endpoint.Id, request },
      {
        onSuccess: (saved) =>
          showToast({
            message: saved.Enabled
              ? t('webhooks.turnedOn', { url })
              : t('webhooks.turnedOff', { url }),
          }),
        onError: (error) => showRefusal(error, t('webhooks.form.saveFailed')),
      },
    );
  };
  const handleTest = () => {
    if (test.isPending) return;
    test.mutate(endpoint.Id, {
      onSuccess: () => {
        setShowDeliveries(true);
        showToast({ message: t('webhooks.testQueued', { url }) });
      },
      onError: (error) => showRefusal(error, t('webhooks.testFailed')),
    });
  };

  return (
    <li className="webhook-item" data-testid="webhook-item">
      <div className="webhook-item__head">
        <h3 className="h6 webhook-item__url">{url}</h3>
        <span className={endpoint.Enabled ? 'badge text-bg-success' : 'badge text-bg-secondary'}>
          {endpoint.Enabled ? t('webhooks.on') : t('webhooks.off')}
        </span>
      </div>
      <WebhookStateNotice endpoint={endpoint} />
      <WebhookFacts endpoint={endpoint} />
      <div className="webhook-item__actions">
        {endpoint.Enabled && (
          <Button
            size="sm"
            aria-busy={test.isPending}
            aria-label={t('webhooks.testNamed', { url })}
            onClick={handleTest}
          >
            {t('webhooks.test')}
          </Button>
        )}
        <Button
          variant="outline-primary"
          size="sm"
          aria-label={t('webhooks.editNamed', { url })}
          onClick={() => onEdit(endpoint)}
        >
          {t('webhooks.edit')}
        </Button>
        <Button
          variant="outline-primary"
          size="sm"
          aria-busy={update.isPending}
          aria-label={
            endpoint.Enabled
              ? t('webhooks.turnOffNamed', { url })
              : t('webhooks.turnOnNamed', { url })
          }
          onClick={handleToggle}
        >
          {endpoint.Enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          aria-label={t('webhooks.deleteNamed', { url })}
          onClick={() => onDelete(endpoint)}
        >
          {t('webhooks.delete')}
        </Button>
        <Button
          variant="link"
          size="sm"
          className="webhook-item__disclosure"
          aria-expanded={showDeliveries}
          aria-controls={showDeliveries ? `${ids}-deliveries` : undefined}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {showDeliveries ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </Button>
      </div>
      {showDeliveries && <WebhookDeliveries endpointId={endpoint.Id} id={`${ids}-deliveries`} />}
    </li>
  );
}
