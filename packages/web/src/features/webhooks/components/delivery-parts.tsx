import type { WebhookDelivery, WebhookDeliveryStatus } from '@esign/contract';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { eventKeys } from '../utils/event-keys.ts';
import { deliveryErrorKey } from '../utils/webhook-messages.ts';

// text-bg-* pairs each background with a text colour that contrasts with it (and survives the
// build's trimming of Bootstrap, which Badge's bg-* built at run time would not).
const statusBadge: Record<WebhookDeliveryStatus, string> = {
  delivered: 'badge text-bg-success',
  pending: 'badge text-bg-warning',
  failed: 'badge text-bg-danger',
};

/** A delivery's values as both layouts (table and stacked rows) show them. */
export function useDeliveryText() {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const at = (iso: string) => formatDateTime(iso, i18n.language, timeZone, { seconds: true });
  return {
    event: (delivery: WebhookDelivery) => t(`webhooks.events.${eventKeys[delivery.Event]}`),
    time: (delivery: WebhookDelivery) => at(delivery.CreatedAt),
    at,
    statusCode: (delivery: WebhookDelivery) =>
      delivery.StatusCode === null ? t('webhooks.deliveries.none') : String(delivery.StatusCode),
    duration: (delivery: WebhookDelivery) =>
      delivery.DurationMs === null
        ? t('webhooks.deliveries.none')
        : t('webhooks.deliveries.durationMs', { ms: delivery.DurationMs }),
  };
}

/** The event's name and its code. */
export function DeliveryEvent({ delivery }: { delivery: WebhookDelivery }) {
  const text = useDeliveryText();
  return (
    <>
      <span>{text.event(delivery)}</span>{' '}
      <code className="webhook-event-code">{delivery.Event}</code>
    </>
  );
}

/** Delivered, pending (with its next attempt) or failed. */
export function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const text = useDeliveryText();
  return (
    <>
      <span className={statusBadge[delivery.Status]}>
        {t(`webhooks.deliveries.status.${delivery.Status}`)}
      </span>
      {delivery.Status === 'pending' && delivery.NextAttemptAt !== null && (
        <span className="d-block small text-body-secondary">
          {t('webhooks.deliveries.nextAttempt', { date: text.at(delivery.NextAttemptAt) })}
        </span>
      )}
    </>
  );
}

/** The start of the receiver's answer, folded; or why no answer came. */
export function DeliveryAnswer({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  if (delivery.Error !== null) {
    return <span className="text-danger-emphasis">{t(deliveryErrorKey(delivery.Error))}</span>;
  }
  if (delivery.Response === null) return <span>{t('webhooks.deliveries.none')}</span>;
  if (delivery.Response === '') return <span>{t('webhooks.deliveries.emptyAnswer')}</span>;
  return (
    <details className="webhook-delivery__answer">
      <summary>{t('webhooks.deliveries.showAnswer')}</summary>
      <pre className="mb-0 mt-1 p-2 border rounded bg-body-tertiary">{delivery.Response}</pre>
    </details>
  );
}

interface RedeliverButtonProps {
  delivery: WebhookDelivery;
  pending: boolean;
  onRedeliver: (delivery: WebhookDelivery) => void;
}

export function RedeliverButton({ delivery, pending, onRedeliver }: RedeliverButtonProps) {
  const { t } = useTranslation();
  const text = useDeliveryText();
  return (
    <Button
      variant="outline-primary"
      size="sm"
      className="text-nowrap"
      aria-busy={pending}
      aria-label={t('webhooks.deliveries.redeliverNamed', {
        event: text.event(delivery),
        time: text.time(delivery),
      })}
      onClick={() => onRedeliver(delivery)}
    >
      {t('webhooks.deliveries.redeliver')}
    </Button>
  );
}
