import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageWindow } from '../utils/page-window.ts';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The query string of the list on another page. */
  searchFor: (page: number) => string;
}

interface PageLinkProps {
  target: number;
  label: string;
  disabled: boolean;
  searchFor: (page: number) => string;
  testId: string;
}

function PageLink({ target, label, disabled, searchFor, testId }: PageLinkProps) {
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-disabled="true">
          {label}
        </span>
      ) : (
        <Link className="page-link" to={{ search: searchFor(target) }} data-testid={testId}>
          {label}
        </Link>
      )}
    </li>
  );
}

/** First, previous, the nearby page numbers, next and last, as links that keep the list's URL. */
export function Pagination({ page, pageCount, searchFor }: PaginationProps) {
  const { t } = useTranslation();
  const onFirst = page <= 1;
  const onLast = page >= pageCount;
  return (
    <nav aria-label={t('signflow.pagination.label')} data-testid="pagination">
      <ul className="pagination flex-wrap mb-0">
        <PageLink
          target={1}
          label={t('signflow.pagination.first')}
          disabled={onFirst}
          searchFor={searchFor}
          testId="page-first"
        />
        <PageLink
          target={page - 1}
          label={t('signflow.pagination.previous')}
          disabled={onFirst}
          searchFor={searchFor}
          testId="page-previous"
        />
        {pageWindow(page, pageCount).map((number) => (
          <li key={number} className={`page-item${number === page ? ' active' : ''}`}>
            <Link
              className="page-link"
              to={{ search: searchFor(number) }}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`${t('signflow.pagination.page')} ${number}`}
              data-testid={`page-${number}`}
            >
              {number}
            </Link>
          </li>
        ))}
        <PageLink
          target={page + 1}
          label={t('signflow.pagination.next')}
          disabled={onLast}
          searchFor={searchFor}
          testId="page-next"
        />
        <PageLink
          target={pageCount}
          label={t('signflow.pagination.last')}
          disabled={onLast}
          searchFor={searchFor}
          testId="page-last"
        />
      </ul>
    </nav>
  );
}
