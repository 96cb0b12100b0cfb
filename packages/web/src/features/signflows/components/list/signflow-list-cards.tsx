import type { SignFlowListItem, SignFlowSortColumn } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { cardDatesOf } from '../../utils/list-columns.ts';
import type { StatusView } from '../../utils/signflow-list-url.ts';
import { dateColumnLabels, FlowNameLink } from './signflow-list-columns.tsx';
import { ListDate } from './list-date.tsx';
import { SignersSummary } from './signers-summary.tsx';
import { SignFlowRowActions, type DialogAction } from './signflow-row-actions.tsx';
import { StatusBadge } from './status-badge.tsx';

interface SignFlowListCardsProps {
  items: SignFlowListItem[];
  view: StatusView;
  sort: SignFlowSortColumn;
  labelledBy: string;
  busy: boolean;
  onDialogAction: (action: DialogAction, flow: SignFlowListItem) => void;
}

/**
 * The rows of one page for a narrow screen: a card each, with the name (the link to the flow),
 * the status, the signers' progress, the view's date (and the sorted one) and the actions' menu.
 */
export function SignFlowListCards(props: SignFlowListCardsProps) {
  const { items, view, sort, labelledBy, busy, onDialogAction } = props;
  const { t } = useTranslation();
  const dates = cardDatesOf(view, sort);
  return (
    <ul
      className="signflow-cards list-unstyled mb-0"
      aria-labelledby={labelledBy}
      aria-busy={busy}
      data-testid="signflow-list"
    >
      {items.map((flow) => (
        <li
          key={flow.Guid}
          className="signflow-card"
          data-testid="signflow-row"
          data-guid={flow.Guid}
        >
          <div className="signflow-card__head">
            <FlowNameLink flow={flow} />
            <SignFlowRowActions flow={flow} onDialogAction={onDialogAction} />
          </div>
          <div className="signflow-card__status">
            <StatusBadge status={flow.Status} />
            <SignersSummary flow={flow} layout="card" />
          </div>
          <dl className="signflow-card__dates">
            {dates
              .filter((date) => flow[date] !== null)
              .map((date) => (
                <div key={date}>
                  <dt>{t(dateColumnLabels[date])}</dt>
                  <dd>
                    <ListDate value={flow[date]} withTime />
                  </dd>
                </div>
              ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
