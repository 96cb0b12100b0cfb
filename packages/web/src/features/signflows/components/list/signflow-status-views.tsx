import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusViewNames, type StatusView } from '../../utils/signflow-list-url.ts';

interface SignFlowStatusViewsProps {
  current: StatusView;
  searchFor: (view: StatusView) => string;
}

/** The status views (drafts, sent, finished, rejected, canceled, all) as tabs that are links. */
export function SignFlowStatusViews({ current, searchFor }: SignFlowStatusViewsProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('signflow.list.statusViews')} className="signflow-views mb-3">
      <ul className="nav nav-tabs">
        {statusViewNames.map((view) => (
          <li key={view} className="nav-item">
            <Link
              className={`nav-link${view === current ? ' active' : ''}`}
              to={{ search: searchFor(view) }}
              aria-current={view === current ? 'page' : undefined}
              data-testid={`status-view-${view}`}
            >
              {t(`nav.${view}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
