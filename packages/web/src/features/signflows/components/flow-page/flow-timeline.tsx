import type { FlowEvent, SignFlowDetailResponse } from '@esign/contract';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { useFlowEvents } from '../../api/get-flow-events.ts';
import { useTimeZone } from '../../../../lib/common-config.ts';
import { formatCalendarDate } from '../../../../lib/dates.ts';
import { formatListDate } from '../../utils/format-list-date.ts';
import { describeFlowEvent } from './flow-event-message.ts';
import './flow-timeline.css';

const systemActor = 'system';

function FlowTimelineItem({ event }: { event: FlowEvent }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const { key, params, levelKey, dates = {} } = describeFlowEvent(event);
  const replace: Record<string, string> = { ...params };
  if (levelKey !== undefined) replace.level = t(levelKey);
  for (const [name, isoDate] of Object.entries(dates)) {
    replace[name] = formatCalendarDate(isoDate, i18n.language);
  }
  const sentence = t(key, { replace });
  const shown = formatListDate(event.Time, i18n.language, timeZone);
  const actor = event.Actor === systemActor ? t('signflow.timeline.system') : event.Actor;
  return (
    <li className="flow-timeline__item" data-testid="flow-event" data-operation={event.Operation}>
      <time dateTime={event.Time} className="flow-timeline__time">
        {shown === null ? event.Time : `${shown.date} ${shown.time}`}
      </time>
      <span className="flow-timeline__sentence text-break">{sentence}</span>
      {actor !== null && actor !== '' && (
        <span className="flow-timeline__actor text-body-secondary text-break">
          {t('signflow.timeline.actor', { actor })}
        </span>
      )}
    </li>
  );
}

/** What has happened to a sent flow, oldest first, with a warning if the audit trail was altered. */
export function FlowTimeline({ flow }: { flow: SignFlowDetailResponse }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useFlowEvents(flow);
  const data = query.data;

  return (
    <section
      aria-labelledby={headingId}
      className="signflow-edit__section"
      data-testid="flow-timeline"
    >
      <h2 id={headingId} className="h4">
        {t('signflow.timeline.heading')}
      </h2>
      {data === undefined ? (
        query.isError ? (
          <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )
      ) : (
        <>
          {!data.ChainIntact && (
            <Alert variant="warning" data-testid="audit-chain-broken">
              {t('signflow.timeline.chainBroken')}
            </Alert>
          )}
          {data.Events.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('signflow.timeline.empty')}</p>
          ) : (
            <ol className="flow-timeline" aria-labelledby={headingId}>
              {data.Events.map((event) => (
                <FlowTimelineItem key={event.Id} event={event} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
