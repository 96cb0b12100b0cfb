import type { SignFlowListItem, SignFlowPage, SignFlowSortColumn } from '@esign/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { countPages, type ListState, type SortOrder } from '../utils/signflow-list-url.ts';
import { PageSizeSelect } from './page-size-select.tsx';
import { Pagination } from './pagination.tsx';
import { useSignFlowListColumns } from './signflow-list-columns.tsx';
import { SignFlowListTable } from './signflow-list-table.tsx';
import type { DialogAction } from './signflow-row-actions.tsx';

interface SignFlowListResultsProps {
  data: SignFlowPage;
  state: ListState;
  busy: boolean;
  labelledBy: string;
  regionRef: Ref<HTMLDivElement>;
  searchFor: (change: Partial<ListState>) => string;
  onChange: (change: Partial<ListState>) => void;
  onDialogAction: (action: DialogAction, flow: SignFlowListItem) => void;
}

/** One page of results with its count, the table, the pagination and the page size. */
export function SignFlowListResults(props: SignFlowListResultsProps) {
  const { data, state, busy, labelledBy, regionRef, searchFor, onChange, onDialogAction } = props;
  const { t } = useTranslation();
  const columns = useSignFlowListColumns(onDialogAction);
  const pageCount = countPages(data.Total, state.pageSize);
  const empty = data.Total === 0;
  const handleSortChange = (sort: SignFlowSortColumn, order: SortOrder) =>
    onChange({ sort, order });

  return (
    <>
      {/* One live region for the count and for 'no results', so a search is heard either way. */}
      <p
        role="status"
        className={empty ? 'alert alert-info' : 'text-body-secondary mb-2'}
        data-testid={empty ? 'no-results' : 'signflow-list-summary'}
      >
        {empty
          ? t('signflow.list.noResults')
          : `${t('signflow.list.resultCount', { count: data.Total })} · ${t('signflow.pagination.pageOf', { page: state.page, pages: pageCount })}`}
      </p>
      {!empty && (
        <>
          <div
            ref={regionRef}
            className="table-responsive signflow-list__scroll mb-3"
            role="region"
            aria-labelledby={labelledBy}
            tabIndex={0}
          >
            <SignFlowListTable
              items={data.Items}
              columns={columns}
              sort={state.sort}
              order={state.order}
              onSortChange={handleSortChange}
              busy={busy}
            />
          </div>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-3">
            {pageCount > 1 ? (
              <Pagination
                page={state.page}
                pageCount={pageCount}
                searchFor={(page) => searchFor({ page })}
              />
            ) : (
              <span />
            )}
            <PageSizeSelect
              value={state.pageSize}
              onChange={(pageSize) => onChange({ pageSize })}
            />
          </div>
        </>
      )}
    </>
  );
}
