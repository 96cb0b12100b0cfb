import { webhookLimits, type WebhookDelivery } from '@esign/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries.ts';
import { useRedeliver } from '../api/redeliver.ts';
import { webhookFormMessageKey } from '../utils/webhook-messages.ts';
import { DeliveryList } from './delivery-list.tsx';

interface WebhookDeliveriesProps {
  endpointId: string;
  /** The id the disclosure button controls. */
  id: string;
}

/** An endpoint's last deliveries, newest first, each one sendable again, with a refresh. */
export function WebhookDeliveries({ endpointId, id }: WebhookDeliveriesProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliver();

  const handleRedeliver = (delivery: WebhookDelivery) => {
    if (redeliver.isPending) return;
    redeliver.mutate(
      { endpointId, deliveryId: delivery.Id },
      {
        onSuccess: () => showToast({ message: t('webhooks.deliveries.redelivered') }),
        onError: (error) => {
          const key = webhookFormMessageKey(error);
          showToast({
            variant: 'danger',
            message:
              key === 'errors.unexpected' ? t('webhooks.deliveries.redeliverFailed') : t(key),
          });
        },
      },
    );
  };

  return (
    <div id={id} className="webhook-deliveries" data-testid="webhook-deliveries">
      <div className="webhook-deliveries__head">
        <h4 className="h6 mb-0">{t('webhooks.deliveries.heading')}</h4>
        <Button
          variant="outline-secondary"
          size="sm"
          aria-busy={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          {t('webhooks.deliveries.refresh')}
        </Button>
      </div>
      {deliveries.isPending ? (
        <Spinner animation="border" role="status" size="sm">
          <span className="visually-hidden">{t('common.loading')}</span>
        </Spinner>
      ) : deliveries.isError ? (
        <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
      ) : deliveries.data.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('webhooks.deliveries.empty')}</p>
      ) : (
        <>
          <DeliveryList
            deliveries={deliveries.data}
            redelivering={redeliver.isPending ? redeliver.variables.deliveryId : null}
            onRedeliver={handleRedeliver}
          />
          {deliveries.data.length >= webhookLimits.deliveriesShown && (
            <p className="small text-body-secondary mb-0">
              {t('webhooks.deliveries.newestShown', { n: webhookLimits.deliveriesShown })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
