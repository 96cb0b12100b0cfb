import type { SignFlowListItem, SignFlowSortColumn } from '@esign/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatListDate } from '../utils/format-list-date.ts';
import { SignFlowRowActions, type DialogAction } from './signflow-row-actions.tsx';
import { StatusBadge } from './status-badge.tsx';

type DateColumn = Exclude<SignFlowSortColumn, 'Name' | 'Status'>;

const dateColumnLabels = {
  CreationDate: 'signflow.list.columns.created',
  LastModifiedDate: 'signflow.list.columns.lastModified',
  SentToSignersDate: 'signflow.list.columns.sent',
  CancelledDate: 'signflow.list.columns.cancelled',
  FinishedDate: 'signflow.list.columns.finished',
  RejectedDate: 'signflow.list.columns.rejected',
  AutoDeleteDate: 'signflow.list.columns.autoDeleteDate',
} as const satisfies Record<DateColumn, string>;

const dateColumns = Object.keys(dateColumnLabels) as DateColumn[];

const column = createColumnHelper<SignFlowListItem>();

/**
 * The list's columns: each sortable column's id is the server's sort name, so the table's
 * sorting state maps straight onto the API query.
 */
export function useSignFlowListColumns(
  onDialogAction: (action: DialogAction, flow: SignFlowListItem) => void,
) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;

  return useMemo(() => {
    return [
      column.accessor('Name', { id: 'Name', header: t('signflow.list.columns.name') }),
      column.accessor('Status', {
        id: 'Status',
        header: t('signflow.list.columns.status'),
        cell: (cell) => <StatusBadge status={cell.row.original.Status} />,
      }),
      ...dateColumns.map((id) =>
        column.accessor(id, {
          id,
          header: t(dateColumnLabels[id]),
          cell: (cell) => {
            const value = cell.getValue();
            const shown = formatListDate(value, language);
            return value === null || shown === null ? null : (
              <time dateTime={value}>
                {shown.date} <span className="d-block small text-body-secondary">{shown.time}</span>
              </time>
            );
          },
        }),
      ),
      column.display({
        id: 'actions',
        header: t('signflow.list.actionsColumn'),
        enableSorting: false,
        cell: (cell) => (
          <SignFlowRowActions flow={cell.row.original} onDialogAction={onDialogAction} />
        ),
      }),
    ];
  }, [t, language, onDialogAction]);
}
