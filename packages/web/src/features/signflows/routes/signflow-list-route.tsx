import type { SignFlowListItem } from '@esign/contract';
import { useCallback, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignFlowList } from '../api/get-signflow-list.ts';
import { BatchFilterChip } from '../components/list/batch-filter-chip.tsx';
import { ColumnChooser } from '../components/list/column-chooser.tsx';
import { SignFlowListDialogs, type OpenDialog } from '../components/list/signflow-list-dialogs.tsx';
import { SignFlowListResults } from '../components/list/signflow-list-results.tsx';
import { SignFlowListSearch } from '../components/list/signflow-list-search.tsx';
import { SignFlowStatusViews } from '../components/list/signflow-status-views.tsx';
import type { DialogAction } from '../components/list/signflow-row-actions.tsx';
import { SortSelect } from '../components/list/sort-select.tsx';
import '../components/list/signflow-list.css';
import '../components/list/signflow-list-narrow.css';
import { useColumnChoice } from '../hooks/use-column-choice.ts';
import { useSignFlowListState } from '../hooks/use-signflow-list-state.ts';
import { useWideScreen } from '../hooks/use-wide-screen.ts';
import { errorKeyOf } from '../utils/error-key-of.ts';
import { shownColumnsOf } from '../utils/list-columns.ts';
import { countPages, toApiQuery } from '../utils/signflow-list-url.ts';

/**
 * The signature list (SPEC §2, ESignList): status views, search, sortable columns of the
 * user's choice, pages; a table on a wide screen, cards with a sort select on a narrow one.
 */
export function SignFlowListRoute() {
  const { t } = useTranslation();
  const { state, searchFor, update } = useSignFlowListState();
  const list = useSignFlowList(toApiQuery(state));
  const wide = useWideScreen();
  const { choice, choose } = useColumnChoice();
  const shown = shownColumnsOf(state.view, choice, state.sort);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const headingId = useId();
  const regionRef = useRef<HTMLDivElement>(null);

  const handleSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const handleDialogAction = useCallback((action: DialogAction, flow: SignFlowListItem) => {
    setDialog((current) => ({ action, flow, show: true, id: (current?.id ?? 0) + 1 }));
  }, []);
  const handleDialogHide = () => setDialog((current) => current && { ...current, show: false });
  const handleDialogExited = () => {
    setDialog(null);
    // A cancelled or deleted row loses the button that opened the dialog; keep focus in the list.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) regionRef.current?.focus();
    });
  };

  // Deleting the only row of the last page leaves the user past the end: show the new last page.
  const data = list.data;
  const lastPage = data === undefined ? 1 : countPages(data.Total, data.PageSize);
  const pastTheEnd = data !== undefined && !list.isPlaceholderData && state.page > lastPage;
  // Nothing to search or arrange yet: the welcome says how to start.
  const emptyAccount =
    data?.Total === 0 && state.q === '' && state.view === 'all' && state.batch === '';
  useEffect(() => {
    if (pastTheEnd) void update({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, update]);
  // The rows come in one answer: React builds them in slices in the background instead of
  // blocking the page in one long task (the loading view, or the previous rows, stay meanwhile).
  const shownData = useDeferredValue(data);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 id={headingId} className="mb-0">
          {t('signflow.list.title')}
        </h1>
        <div className="d-flex flex-wrap gap-2">
          <Link
            className="btn btn-outline-primary"
            to={paths.templates.getHref()}
            data-testid="templates-link"
          >
            {t('templates.title')}
          </Link>
          <Link
            className="btn btn-primary"
            to={paths.signFlowEdit.getHref('new')}
            data-testid="signflow-create"
          >
            {t('signflow.list.create')}
          </Link>
        </div>
      </div>
      <SignFlowStatusViews current={state.view} searchFor={(view) => searchFor({ view })} />
      {state.batch !== '' && <BatchFilterChip onRemove={() => void update({ batch: '' })} />}
      {!emptyAccount && (
        <div className="signflow-list__toolbar">
          <SignFlowListSearch value={state.q} onSearch={handleSearch} />
          {wide ? (
            <ColumnChooser
              shown={shown}
              sort={state.sort}
              onChange={(columns) => choose(state.view, columns)}
            />
          ) : (
            <SortSelect
              sort={state.sort}
              order={state.order}
              onChange={(sort, order) => void update({ sort, order })}
            />
          )}
        </div>
      )}
      {shownData === undefined && !list.isError && (
        <p role="status" className="screen-loading">
          {t('common.loading')}
        </p>
      )}
      {list.isError && data === undefined && (
        <div role="alert" className="alert alert-danger">
          {t('dialogs.loadingFailed')} {t(errorKeyOf(list.error))}
        </div>
      )}
      {shownData !== undefined && (
        <SignFlowListResults
          data={shownData}
          state={state}
          shown={shown}
          wide={wide}
          busy={list.isFetching}
          labelledBy={headingId}
          regionRef={regionRef}
          searchFor={searchFor}
          onChange={update}
          onDialogAction={handleDialogAction}
        />
      )}
      <SignFlowListDialogs
        dialog={dialog}
        onHide={handleDialogHide}
        onExited={handleDialogExited}
      />
    </>
  );
}
