import type { WebhookListItem } from '@esign/contract';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { eventKeys } from '../utils/event-keys.ts';
import { allEvents } from '../utils/webhook-form-values.ts';

/** Why an endpoint is off, or that its deliveries are failing and it will be turned off. */
export function WebhookStateNotice({ endpoint }: { endpoint: WebhookListItem }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const since =
    endpoint.FailingSince === null
      ? null
      : formatDateTime(endpoint.FailingSince, i18n.language, timeZone);
  if (!endpoint.Enabled && endpoint.DisabledReason === 'failing') {
    return (
      <Alert variant="warning" className="py-2 mb-2">
        {since === null
          ? t('webhooks.disabledFailing')
          : t('webhooks.disabledFailingSince', { date: since })}
      </Alert>
    );
  }
  if (!endpoint.Enabled) {
    return <p className="small text-body-secondary mb-2">{t('webhooks.disabledByUser')}</p>;
  }
  if (since !== null) {
    return (
      <Alert variant="warning" className="py-2 mb-2">
        {t('webhooks.failingSince', { date: since })}
      </Alert>
    );
  }
  return null;
}

/** Whose flows the endpoint hears, which events, and who added it when. */
export function WebhookFacts({ endpoint }: { endpoint: WebhookListItem }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const everyEvent = allEvents.every((event) => endpoint.Events.includes(event));
  const added = formatDate(endpoint.CreatedAt, i18n.language, timeZone);
  const scope =
    endpoint.Scope === 'organisation'
      ? t('webhooks.scope.organisation')
      : endpoint.Scope === 'group'
        ? t('webhooks.scope.group', { name: endpoint.GroupName ?? endpoint.GroupId ?? '' })
        : endpoint.OwnerName === null
          ? t('webhooks.scope.userRemoved')
          : t('webhooks.scope.user', { name: endpoint.OwnerName });
  return (
    <dl className="webhook-item__facts">
      <div>
        <dt>{t('webhooks.scopeLabel')}</dt>
        <dd>{scope}</dd>
      </div>
      <div>
        <dt>{t('webhooks.eventsLabel')}</dt>
        <dd>
          {everyEvent ? (
            t('webhooks.allEvents')
          ) : (
            <ul className="list-unstyled mb-0">
              {allEvents
                .filter((event) => endpoint.Events.includes(event))
                .map((event) => (
                  <li key={event}>
                    {t(`webhooks.events.${eventKeys[event]}`)}{' '}
                    <code className="webhook-event-code">{event}</code>
                  </li>
                ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('webhooks.addedLabel')}</dt>
        <dd>
          {endpoint.OwnerName === null
            ? t('webhooks.addedByRemoved', { date: added })
            : t('webhooks.added', {
                name: endpoint.OwnerName,
                email: endpoint.OwnerEmail ?? '',
                date: added,
              })}
        </dd>
      </div>
    </dl>
  );
}
