import { SignFlowSortColumn } from '@esign/contract';
import { z } from 'zod';
import { statusViewNames, type StatusView } from './signflow-list-url.ts';

/** The date columns: every sortable column but the name and the status. */
export const DateColumn = SignFlowSortColumn.exclude(['Name', 'Status']);
export type DateColumn = z.infer<typeof DateColumn>;
export const dateColumns = DateColumn.options;

/** The columns a user may show or hide: SPEC's nine but the name, and the signers. */
export const ChoosableColumn = z.enum(['Status', 'Signers', ...DateColumn.options]);
export type ChoosableColumn = z.infer<typeof ChoosableColumn>;
export const choosableColumns = ChoosableColumn.options;

const everyView = ['Status', 'Signers', 'CreationDate', 'LastModifiedDate'] as const;

/**
 * What each view shows until the user chooses: the columns that can hold a value there. A
 * draft is never sent, cancelled, finished or rejected; a flow that ended has one end date.
 * 'All' could hold every date, but all of them do not fit a screen: it shows the dates every
 * sent flow has, and the status tells how the rest ended.
 */
const defaultColumns: Record<StatusView, readonly ChoosableColumn[]> = {
  drafts: [...everyView, 'AutoDeleteDate'],
  sent: [...everyView, 'SentToSignersDate', 'AutoDeleteDate'],
  finished: [...everyView, 'SentToSignersDate', 'FinishedDate', 'AutoDeleteDate'],
  rejected: [...everyView, 'SentToSignersDate', 'RejectedDate', 'AutoDeleteDate'],
  canceled: [...everyView, 'SentToSignersDate', 'CancelledDate', 'AutoDeleteDate'],
  all: [...everyView, 'SentToSignersDate', 'AutoDeleteDate'],
};

export function defaultColumnsOf(view: StatusView): ChoosableColumn[] {
  return [...defaultColumns[view]];
}

/** The date a view is about, which the phone's cards show. */
const viewDates: Record<StatusView, DateColumn> = {
  drafts: 'LastModifiedDate',
  sent: 'SentToSignersDate',
  finished: 'FinishedDate',
  rejected: 'RejectedDate',
  canceled: 'CancelledDate',
  all: 'LastModifiedDate',
};

/** The dates a card shows: the view's own, and the one sorted by when that is another. */
export function cardDatesOf(view: StatusView, sort: SignFlowSortColumn): DateColumn[] {
  const own = viewDates[view];
  const sorted = dateColumns.find((column) => column === sort);
  return sorted === undefined || sorted === own ? [own] : [own, sorted];
}

/** The user's choice per view; a view the user never changed is missing. */
export const ColumnChoice = z.partialRecord(
  z.enum(statusViewNames as [StatusView, ...StatusView[]]),
  z.array(ChoosableColumn),
);
export type ColumnChoice = z.infer<typeof ColumnChoice>;

/**
 * The columns shown, in the table's order: the user's choice for the view or its defaults,
 * and always the column the list is sorted by, so that the order on screen can be seen.
 */
export function shownColumnsOf(
  view: StatusView,
  choice: ColumnChoice,
  sort: SignFlowSortColumn,
): ChoosableColumn[] {
  const chosen = choice[view] ?? defaultColumns[view];
  return choosableColumns.filter((column) => column === sort || chosen.includes(column));
}

/** The local-storage key of one user's choice, so that people sharing a browser keep their own. */
export function columnChoiceKey(userId: string): string {
  return `esign.signflowList.columns.${userId}`;
}

/** Reads a stored choice; anything unreadable counts as no choice at all. */
export function parseColumnChoice(stored: string | null): ColumnChoice {
  if (stored === null) return {};
  try {
    const parsed = ColumnChoice.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
