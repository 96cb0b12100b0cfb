import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageWindow } from '../../utils/page-window.ts';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** How many page numbers to show around the current one. */
  width: number;
  /** The query string of the list on another page. */
  searchFor: (page: number) => string;
}

interface PageLinkProps {
  target: number;
  label: string;
  /** What a narrow screen shows instead of the label, which stays for screen readers. */
  symbol: string;
  disabled: boolean;
  searchFor: (page: number) => string;
  testId: string;
}

function PageLink({ target, label, symbol, disabled, searchFor, testId }: PageLinkProps) {
  const content = (
    <>
      <span className="pagination__symbol" aria-hidden="true">
        {symbol}
      </span>
      <span className="pagination__label">{label}</span>
    </>
  );
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link" aria-disabled="true">
          {content}
        </span>
      ) : (
        <Link className="page-link" to={{ search: searchFor(target) }} data-testid={testId}>
          {content}
        </Link>
      )}
    </li>
  );
}

/**
 * First, previous, the nearby page numbers, next and last, as links that keep the list's URL;
 * one line at any width (a narrow screen shows arrows for the words).
 */
export function Pagination({ page, pageCount, width, searchFor }: PaginationProps) {
  const { t } = useTranslation();
  const onFirst = page <= 1;
  const onLast = page >= pageCount;
  return (
    <nav aria-label={t('signflow.pagination.label')} data-testid="pagination">
      <ul className="pagination flex-nowrap mb-0">
        <PageLink
          target={1}
          label={t('signflow.pagination.first')}
          symbol="«"
          disabled={onFirst}
          searchFor={searchFor}
          testId="page-first"
        />
        <PageLink
          target={page - 1}
          label={t('signflow.pagination.previous')}
          symbol="‹"
          disabled={onFirst}
          searchFor={searchFor}
          testId="page-previous"
        />
        {pageWindow(page, pageCount, width).map((number) => (
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
          symbol="›"
          disabled={onLast}
          searchFor={searchFor}
          testId="page-next"
        />
        <PageLink
          target={pageCount}
          label={t('signflow.pagination.last')}
          symbol="»"
          disabled={onLast}
          searchFor={searchFor}
          testId="page-last"
        />
      </ul>
    </nav>
  );
}
