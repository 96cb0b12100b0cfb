import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import type { ListState } from '../../utils/signflow-list-url.ts';

interface SignFlowListEmptyProps {
  state: ListState;
  searchFor: (change: Partial<ListState>) => string;
}

/**
 * What an empty page says: 'no results' after a search; nothing in this view when a status
 * view is empty; and for an account with no flows at all, a welcome with the way to start.
 */
export function SignFlowListEmpty({ state, searchFor }: SignFlowListEmptyProps) {
  const { t } = useTranslation();
  if (state.q !== '') {
    return (
      <div className="signflow-list__empty" data-testid="no-results">
        <p className="fw-semibold mb-1">{t('signflow.list.noResults')}</p>
        <p className="mb-2">{t('signflow.list.noResultsFor', { q: state.q })}</p>
        <Link to={{ search: searchFor({ q: '' }) }} data-testid="clear-search">
          {t('signflow.list.clearSearch')}
        </Link>
      </div>
    );
  }
  if (state.view !== 'all') {
    return (
      <div className="signflow-list__empty" data-testid="empty-view">
        <p className="mb-2">{t('signflow.list.emptyView')}</p>
        <Link to={{ search: searchFor({ view: 'all' }) }}>{t('signflow.list.showAll')}</Link>
      </div>
    );
  }
  return (
    <div className="signflow-list__welcome" data-testid="empty-account">
      <h2 className="h4">{t('signflow.list.welcome.title')}</h2>
      <p>{t('signflow.list.welcome.text')}</p>
      <Link
        className="btn btn-primary"
        to={paths.signFlowEdit.getHref('new')}
        data-testid="signflow-create-first"
      >
        {t('signflow.list.create')}
      </Link>
    </div>
  );
}
