import type { SignFlowListItem, SignFlowPage, SignFlowSortColumn } from '@esign/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChoosableColumn } from '../../utils/list-columns.ts';
import { countPages, type ListState, type SortOrder } from '../../utils/signflow-list-url.ts';
import { PageSizeSelect } from './page-size-select.tsx';
import { Pagination } from './pagination.tsx';
import { useSignFlowListColumns } from './signflow-list-columns.tsx';
import { SignFlowListCards } from './signflow-list-cards.tsx';
import { SignFlowListEmpty } from './signflow-list-empty.tsx';
import { SignFlowListTable } from './signflow-list-table.tsx';
import type { DialogAction } from './signflow-row-actions.tsx';

interface SignFlowListResultsProps {
  data: SignFlowPage;
  state: ListState;
  shown: ChoosableColumn[];
  wide: boolean;
  busy: boolean;
  labelledBy: string;
  regionRef: Ref<HTMLDivElement>;
  searchFor: (change: Partial<ListState>) => string;
  onChange: (change: Partial<ListState>) => void;
  onDialogAction: (action: DialogAction, flow: SignFlowListItem) => void;
}

/** One page of results with its count, the table or the cards, the pagination and the page size. */
export function SignFlowListResults(props: SignFlowListResultsProps) {
  const { data, state, shown, wide, busy, labelledBy, regionRef } = props;
  const { searchFor, onChange, onDialogAction } = props;
  const { t } = useTranslation();
  const columns = useSignFlowListColumns(onDialogAction);
  const pageCount = countPages(data.Total, state.pageSize);
  const empty = data.Total === 0;
  const handleSortChange = (sort: SignFlowSortColumn, order: SortOrder) =>
    onChange({ sort, order });

  return (
    <>
      {/* One live region for the count and for the empty states, so a search is heard either way. */}
      <div role="status">
        {empty ? (
          <SignFlowListEmpty state={state} searchFor={searchFor} />
        ) : (
          <p className="text-body-secondary small mb-2" data-testid="signflow-list-summary">
            {`${t('signflow.list.resultCount', { count: data.Total })} · ${t('signflow.pagination.pageOf', { page: state.page, pages: pageCount })}`}
          </p>
        )}
      </div>
      {!empty && (
        <>
          <div
            ref={regionRef}
            className="signflow-list__frame mb-3"
            role="region"
            aria-labelledby={labelledBy}
            tabIndex={-1}
          >
            {wide ? (
              <SignFlowListTable
                items={data.Items}
                columns={columns}
                shown={shown}
                sort={state.sort}
                order={state.order}
                onSortChange={handleSortChange}
                busy={busy}
              />
            ) : (
              <SignFlowListCards
                items={data.Items}
                view={state.view}
                sort={state.sort}
                labelledBy={labelledBy}
                busy={busy}
                onDialogAction={onDialogAction}
              />
            )}
          </div>
          <div className="signflow-list__footer">
            {pageCount > 1 ? (
              <Pagination
                page={state.page}
                pageCount={pageCount}
                width={wide ? 5 : 3}
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
