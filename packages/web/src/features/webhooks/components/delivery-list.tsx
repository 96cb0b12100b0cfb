import type { WebhookDelivery } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import {
  DeliveryAnswer,
  DeliveryEvent,
  DeliveryStatus,
  RedeliverButton,
  useDeliveryText,
} from './delivery-parts.tsx';

interface DeliveryListProps {
  deliveries: WebhookDelivery[];
  /** The delivery being sent again, if any. */
  redelivering: string | null;
  onRedeliver: (delivery: WebhookDelivery) => void;
}

/**
 * The deliveries as a table on a wide screen and as stacked rows on a narrow one (each layout
 * is hidden from everyone, assistive technology included, where the other shows).
 */
export function DeliveryList({ deliveries, redelivering, onRedeliver }: DeliveryListProps) {
  const { t } = useTranslation();
  const text = useDeliveryText();
  const columns = [
    'event',
    'time',
    'status',
    'statusCode',
    'attempts',
    'duration',
    'answer',
  ] as const;
  return (
    <>
      <table className="table table-sm align-top d-none d-md-table webhook-deliveries__table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`webhooks.deliveries.columns.${column}`)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('webhooks.deliveries.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.Id} data-testid="webhook-delivery">
              <td>
                <DeliveryEvent delivery={delivery} />
              </td>
              <td className="text-nowrap">{text.time(delivery)}</td>
              <td>
                <DeliveryStatus delivery={delivery} />
              </td>
              <td>{text.statusCode(delivery)}</td>
              <td>{delivery.Attempts}</td>
              <td className="text-nowrap">{text.duration(delivery)}</td>
              <td className="webhook-deliveries__answer-cell">
                <DeliveryAnswer delivery={delivery} />
              </td>
              <td>
                <RedeliverButton
                  delivery={delivery}
                  pending={redelivering === delivery.Id}
                  onRedeliver={onRedeliver}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="list-unstyled d-md-none webhook-deliveries__rows">
        {deliveries.map((delivery) => (
          <li key={delivery.Id} className="webhook-deliveries__row" data-testid="webhook-delivery">
            <div className="webhook-deliveries__row-head">
              <span>
                <DeliveryEvent delivery={delivery} />
              </span>
              <span>
                <DeliveryStatus delivery={delivery} />
              </span>
            </div>
            <dl className="webhook-deliveries__facts">
              <div>
                <dt>{t('webhooks.deliveries.columns.time')}</dt>
                <dd>{text.time(delivery)}</dd>
              </div>
              <div>
                <dt>{t('webhooks.deliveries.columns.statusCode')}</dt>
                <dd>{text.statusCode(delivery)}</dd>
              </div>
              <div>
                <dt>{t('webhooks.deliveries.columns.attempts')}</dt>
                <dd>{delivery.Attempts}</dd>
              </div>
              <div>
                <dt>{t('webhooks.deliveries.columns.duration')}</dt>
                <dd>{text.duration(delivery)}</dd>
              </div>
            </dl>
            <DeliveryAnswer delivery={delivery} />
            <div className="mt-2">
              <RedeliverButton
                delivery={delivery}
                pending={redelivering === delivery.Id}
                onRedeliver={onRedeliver}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
