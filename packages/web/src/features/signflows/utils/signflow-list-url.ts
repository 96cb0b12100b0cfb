import {
  defaultSignFlowListQuery,
  SignFlowSortColumn,
  type SignFlowListQuery,
  type SignFlowSortOrder,
  type SignFlowStatusView,
} from '@esign/contract';

/** The status views of the list, named as SPEC §2's navigation entries, with the status each asks for. */
export const statusViews = {
  drafts: 'Draft',
  sent: 'Sent',
  finished: 'Finished',
  rejected: 'Rejected',
  canceled: 'Cancelled',
  all: 'all',
} as const satisfies Record<string, SignFlowStatusView>;
export type StatusView = keyof typeof statusViews;
export const statusViewNames = Object.keys(statusViews) as StatusView[];

// The contract's default page size first, so a plain URL shows what the API would answer.
export const pageSizeChoices = [defaultSignFlowListQuery.pageSize, 50, 100] as const;
export type SortOrder = SignFlowSortOrder;

/** What the list shows; it lives in the URL's query string so reload and back keep it. */
export interface ListState {
  view: StatusView;
  q: string;
  sort: SignFlowSortColumn;
  order: SortOrder;
  page: number;
  pageSize: number;
  /** Only the flows of this bulk-send batch; '' for every flow. */
  batch: string;
}

// The contract's defaults (the most recently changed first); 'all' is the view of every status.
export const defaultListState: ListState = {
  view: 'all',
  q: defaultSignFlowListQuery.q,
  sort: defaultSignFlowListQuery.sort,
  order: defaultSignFlowListQuery.order,
  page: defaultSignFlowListQuery.page,
  pageSize: defaultSignFlowListQuery.pageSize,
  batch: '',
};

function isStatusView(value: string | null): value is StatusView {
  return value !== null && Object.hasOwn(statusViews, value);
}

function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && Number.isSafeInteger(number) ? number : undefined;
}

/** Reads the list state from a query string; anything missing or unreadable takes its default. */
export function parseListState(params: URLSearchParams): ListState {
  const view = params.get('view');
  const sort = SignFlowSortColumn.safeParse(params.get('sort'));
  const order = params.get('order');
  const pageSize = positiveInteger(params.get('pageSize'));
  return {
    view: isStatusView(view) ? view : defaultListState.view,
    q: params.get('q')?.trim() ?? defaultListState.q,
    sort: sort.success ? sort.data : defaultListState.sort,
    order: order === 'asc' || order === 'desc' ? order : defaultListState.order,
    page: positiveInteger(params.get('page')) ?? defaultListState.page,
    pageSize: pageSizeChoices.find((choice) => choice === pageSize) ?? defaultListState.pageSize,
    batch: params.get('batch')?.trim().slice(0, 64) ?? defaultListState.batch,
  };
}

/** Writes the list state as a query string, leaving out what equals the default. */
export function toSearchParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaultListState) as (keyof ListState)[]) {
    if (state[key] !== defaultListState[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** The API's query for the list state. */
export function toApiQuery(state: ListState): SignFlowListQuery {
  return {
    ...(state.q === '' ? {} : { q: state.q }),
    status: statusViews[state.view],
    sort: state.sort,
    order: state.order,
    page: state.page,
    pageSize: state.pageSize,
    ...(state.batch === '' ? {} : { batch: state.batch }),
  };
}

/** Applies a change; a new view, search, sort or page size starts again from the first page. */
export function changeListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  const refiltered = (['view', 'q', 'sort', 'order', 'pageSize', 'batch'] as const).some(
    (key) => next[key] !== state[key],
  );
  return refiltered && change.page === undefined ? { ...next, page: 1 } : next;
}

/** How many pages the total fills (at least one, so 'page 1 of 1' reads right). */
export function countPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
